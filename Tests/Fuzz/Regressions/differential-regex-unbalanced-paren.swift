final class DeprecatedTests {
  func testA() {
    XCTAssertEqual(
      Array(results.lazy.prefix(while: { /Result.success ~= $0 }).compactMap(/Result.success)),
      [1, 2]
    )
    XCTAssertEqual(42, (/Foo.foo .. /Foo.foo .. /Foo.bar).extract(from: .foo(.foo(.bar(42)))))
  }
  func testB() { enum Local { case a } }
}
