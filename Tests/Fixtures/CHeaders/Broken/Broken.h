// A header that does not parse (CHeaderLibClangTests): libclang's error must be reported at the line
// marked below, with exit code 1, and the Swift sources beside it must still be read and diagnosed.
#define BROKEN_CLOSED_ENUM(_name) enum __attribute__((enum_extensibility(closed))) _name

typedef BROKEN_CLOSED_ENUM(FineEvent) { FineEventA, FineEventB } FineEvent;

typedef BROKEN_CLOSED_ENUM(Broken) {
    BrokenA,
    BrokenB = ,   // ERROR-HERE: no value after `=`
} Broken;
