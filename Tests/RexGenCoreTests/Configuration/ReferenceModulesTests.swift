import XCTest
@testable import RexGenCore

/// `--reference-module NAME=DIR`: which module a reference file is, by the innermost named folder holding it,
/// the folder spelled as the file collector spells paths.
final class ReferenceModulesTests: XCTestCase {
    func testAFileIsTheModuleOfTheInnermostFolderHoldingIt() throws {
        let modules = try ReferenceModules(arguments: ["Lib=Deps/Lib/", "Inner=./Deps/Lib/Inner", "Root=/abs/Root"])
        XCTAssertEqual(modules.arguments, ["Lib=Deps/Lib", "Inner=Deps/Lib/Inner", "Root=/abs/Root"])
        XCTAssertEqual(modules.module(ofFile: "Deps/Lib/Lib.swift"), "Lib")
        XCTAssertEqual(modules.module(ofFile: "Deps/Lib/Sub/Deep.swift"), "Lib")
        XCTAssertEqual(modules.module(ofFile: "./Deps/Lib/Sub/Deep.swift"), "Lib", "spelled from `./`")
        XCTAssertEqual(modules.module(ofFile: "Deps/Lib/Inner/Inner.swift"), "Inner")
        XCTAssertEqual(modules.module(ofFile: "/abs/Root/Sources/A.swift"), "Root")
        XCTAssertNil(modules.module(ofFile: "Deps/Library/Other.swift"), "a folder whose name starts alike")
        XCTAssertNil(modules.module(ofFile: "Deps/Lib.swift"))
        XCTAssertNil(modules.module(ofFile: "Lib.swift"))
        XCTAssertTrue(try ReferenceModules(arguments: []).isEmpty)
    }

    /// `--reference Deps/Lib` with `--reference-module Lib=$PWD/Deps/Lib`, or the other way round: one folder.
    func testAFolderSpelledAbsoluteOrRelativeToTheWorkingDirectoryIsOneFolder() throws {
        XCTAssertEqual(ReferenceModules.otherSpelling(of: "/work/app/Deps/Lib", in: "/work/app"), "Deps/Lib")
        XCTAssertEqual(ReferenceModules.otherSpelling(of: "Deps/Lib", in: "/work/app"), "/work/app/Deps/Lib")
        XCTAssertEqual(ReferenceModules.otherSpelling(of: "../Shared/Lib", in: "/work/app"), "/work/Shared/Lib")
        XCTAssertNil(ReferenceModules.otherSpelling(of: "/elsewhere/Lib", in: "/work/app"))
        XCTAssertNil(ReferenceModules.otherSpelling(of: "/work/application/Lib", in: "/work/app"))
        let here = FileManager.default.currentDirectoryPath
        let modules = try ReferenceModules(arguments: ["Lib=" + here + "/Deps/Lib", "Other=Deps/Other"])
        XCTAssertEqual(modules.arguments, ["Lib=" + here + "/Deps/Lib", "Other=Deps/Other"])
        XCTAssertEqual(modules.module(ofFile: "Deps/Lib/Lib.swift"), "Lib")
        XCTAssertEqual(modules.module(ofFile: here + "/Deps/Lib/Lib.swift"), "Lib")
        XCTAssertEqual(modules.module(ofFile: here + "/Deps/Other/Other.swift"), "Other")
        XCTAssertEqual(modules.module(ofFile: "Deps/Other/Other.swift"), "Other")
    }

    func testAValueThatIsNotAModuleNameAndAFolderIsRefused() {
        for argument in ["Lib", "Lib=", "=Deps/Lib", "2Lib=Deps/Lib", "movie-feature=Deps", "A.B=Deps"] {
            XCTAssertThrowsError(try ReferenceModules(arguments: [argument]), argument) { error in
                XCTAssertEqual("\(error)", "--reference-module takes NAME=DIR (a module name and a folder), not '\(argument)'")
            }
        }
        XCTAssertNoThrow(try ReferenceModules(arguments: ["_Private=Deps", "Ünïcode=Deps", "Lib=Deps/a=b"]))
    }
}
