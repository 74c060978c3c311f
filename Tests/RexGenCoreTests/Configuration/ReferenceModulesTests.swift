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

    func testAValueThatIsNotAModuleNameAndAFolderIsRefused() {
        for argument in ["Lib", "Lib=", "=Deps/Lib", "2Lib=Deps/Lib", "movie-feature=Deps", "A.B=Deps"] {
            XCTAssertThrowsError(try ReferenceModules(arguments: [argument]), argument) { error in
                XCTAssertEqual("\(error)", "--reference-module takes NAME=DIR (a module name and a folder), not '\(argument)'")
            }
        }
        XCTAssertNoThrow(try ReferenceModules(arguments: ["_Private=Deps", "Ünïcode=Deps", "Lib=Deps/a=b"]))
    }
}
