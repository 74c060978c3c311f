// The small part of libclang's C API that RexGen uses, declared here so that building RexGen needs no
// clang headers: the types, and the function types RexGen looks up with dlsym when a C header is given.
// Layouts follow clang-c/Index.h and clang-c/CXString.h, stable since libclang 3.x.
#ifndef REXGEN_CLIBCLANG_H
#define REXGEN_CLIBCLANG_H

typedef void *RGXIndex;
typedef void *RGXTranslationUnit;
typedef void *RGXClientData;
typedef void *RGXFile;
typedef void *RGXDiagnostic;

typedef struct {
    const void *data;
    unsigned private_flags;
} RGXString;

typedef struct {
    int kind;
    int xdata;
    const void *data[3];
} RGXCursor;

typedef struct {
    int kind;
    void *data[2];
} RGXType;

typedef struct {
    const void *ptr_data[2];
    unsigned int_data;
} RGXSourceLocation;

enum {
    RGXCursor_EnumDecl = 5,
    RGXCursor_EnumConstantDecl = 7,
    RGXCursor_TypedefDecl = 20,
    RGXChildVisit_Break = 0,
    RGXChildVisit_Continue = 1,
    RGXChildVisit_Recurse = 2,
    RGXTranslationUnit_SkipFunctionBodies = 0x40,
};

typedef int (*RGXCursorVisitor)(RGXCursor cursor, RGXCursor parent, RGXClientData client_data);
typedef void (*RGXInclusionVisitor)(RGXFile included_file, RGXSourceLocation *inclusion_stack, unsigned include_len,
                                    RGXClientData client_data);

typedef RGXIndex (*RGFn_createIndex)(int, int);
typedef void (*RGFn_disposeIndex)(RGXIndex);
typedef RGXTranslationUnit (*RGFn_parseTranslationUnit)(RGXIndex, const char *, const char *const *, int, void *,
                                                         unsigned, unsigned);
typedef void (*RGFn_disposeTranslationUnit)(RGXTranslationUnit);
typedef RGXCursor (*RGFn_getTranslationUnitCursor)(RGXTranslationUnit);
typedef unsigned (*RGFn_visitChildren)(RGXCursor, RGXCursorVisitor, RGXClientData);
typedef int (*RGFn_getCursorKind)(RGXCursor);
typedef RGXString (*RGFn_getCursorSpelling)(RGXCursor);
typedef RGXString (*RGFn_getCursorUSR)(RGXCursor);
typedef RGXString (*RGFn_getCursorPrettyPrinted)(RGXCursor, void *);
typedef unsigned (*RGFn_isCursorDefinition)(RGXCursor);
typedef RGXSourceLocation (*RGFn_getCursorLocation)(RGXCursor);
typedef int (*RGFn_Location_isInSystemHeader)(RGXSourceLocation);
typedef void (*RGFn_getExpansionLocation)(RGXSourceLocation, RGXFile *, unsigned *, unsigned *, unsigned *);
typedef void (*RGFn_getSpellingLocation)(RGXSourceLocation, RGXFile *, unsigned *, unsigned *, unsigned *);
typedef RGXString (*RGFn_getFileName)(RGXFile);
typedef long long (*RGFn_getEnumConstantDeclValue)(RGXCursor);
typedef RGXType (*RGFn_getTypedefDeclUnderlyingType)(RGXCursor);
typedef RGXType (*RGFn_getCanonicalType)(RGXType);
typedef RGXCursor (*RGFn_getTypeDeclaration)(RGXType);
typedef RGXString (*RGFn_Cursor_getRawCommentText)(RGXCursor);
typedef const char *(*RGFn_getCString)(RGXString);
typedef void (*RGFn_disposeString)(RGXString);
typedef unsigned (*RGFn_getNumDiagnostics)(RGXTranslationUnit);
typedef RGXDiagnostic (*RGFn_getDiagnostic)(RGXTranslationUnit, unsigned);
typedef int (*RGFn_getDiagnosticSeverity)(RGXDiagnostic);
typedef RGXString (*RGFn_getDiagnosticSpelling)(RGXDiagnostic);
typedef RGXSourceLocation (*RGFn_getDiagnosticLocation)(RGXDiagnostic);
typedef void (*RGFn_disposeDiagnostic)(RGXDiagnostic);
typedef void (*RGFn_getInclusions)(RGXTranslationUnit, RGXInclusionVisitor, RGXClientData);
typedef RGXSourceLocation (*RGFn_getLocationForOffset)(RGXTranslationUnit, RGXFile, unsigned);

#endif
