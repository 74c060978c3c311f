// Types only: see include/CLibClang.h. SwiftPM needs one source file to build a C target.
