// Reference/EnclosingTypes: payloads that name types declared in an enclosing type. Each property is read
// and written back through the generated getter and setter, with values of the qualified types.

import RexGenFixtures

func checkEnclosingTypes(_ checks: inout Checks) {
    var event = Movies.Event.picker(.opened)
    checks.equal(event.picker, .opened, "sibling enum's nested event getter")
    event.picker = .chose(Movies.Item(id: 1))
    checks.equal(event.picker, .chose(Movies.Item(id: 1)), "sibling enum's nested event setter")

    event = .list([Movies.Item(id: 2)])
    event.list?.append(Movies.Item(id: 3))
    checks.equal(event.list, [Movies.Item(id: 2), Movies.Item(id: 3)], "array of the nested type, not the top-level one")

    event = .loaded(.failure(Movies.Failure()))
    checks.expect(event.isLoaded && (try? event.loaded?.get()) == nil, "Result of nested types getter")
    event.loaded = .success(Movies.Item(id: 4))
    checks.equal(try? event.loaded?.get(), Movies.Item(id: 4), "Result of nested types setter")

    event = .optional(nil)
    checks.expect(event.isOptional && event.optional == .some(nil), "optional payload holding nil")
    event.optional = .some(Movies.Item(id: 5))
    checks.equal(event.optional, .some(Movies.Item(id: 5)), "optional payload setter")

    event = .byID(["a": Movies.Item(id: 6)])
    event.byID?["b"] = Movies.Item(id: 7)
    checks.equal(event.byID?.count, 2, "dictionary of the nested type")

    event = .pair((Movies.Item(id: 8), 1))
    checks.expect(event.pair?.0 == Movies.Item(id: 8), "tuple with the nested type")

    event = .labelled(item: Movies.Item(id: 9), rating: Movies.Rating(stars: 3))
    event.labelled?.item = Movies.Item(id: 10)
    checks.expect(event.labelled?.item == Movies.Item(id: 10) && event.labelled?.rating == Movies.Rating(stars: 3),
                  "labelled payloads keep their labels")

    event = .callback { $0.id > 0 ? nil : Movies.Failure() }
    checks.expect(event.callback?(Movies.Item(id: 1)) == .some(nil), "function type taking the nested type")

    var received: [Int] = []
    let recorder = Recorder()
    event = .sendable { item in recorder.record(item.id) }
    event.sendable?(Movies.Item(id: 11))
    received = recorder.values
    checks.equal(received, [11], "@Sendable function type with a labelled parameter")

    event = .shelf([Movies.Item(id: 12)])
    checks.equal(event.shelf, [Movies.Item(id: 12)], "typealias declared in the enclosing type")
    checks.equal(Movies.Event.topLevel(1).topLevel, 1, "module-qualified payload")

    var board = BoardAction<String>.request(.move(1))
    board.request = .move(2)
    checks.equal(board.request, .move(2), "the enum's own nested type")
    board = .item("x")
    checks.equal(board.item, "x", "the enum's own generic parameter")

    var boxed = Box<String>.Action.item(Box.Item(count: 1))
    boxed.item = Box.Item(count: 2)
    checks.equal(boxed.item, Box.Item(count: 2), "nested type of a generic enclosing type")
    boxed = .element("e")
    checks.equal(boxed.element, "e", "generic parameter of the enclosing type")

    var crate = Movies.Crate<String>.Action.content("c")
    crate.content = "d"
    checks.equal(crate.content, "d", "an enclosing type's generic parameter shadows Movies.Item")

    var rack = Rack<Int>.Action.tag(.new)
    rack.tag = .sale
    checks.equal(rack.tag, .sale, "the enum's nested type named like a generic parameter around it")
    rack = .tags([.new], 2)
    checks.equal(rack.tags?.0, [.new], "the same nested type inside an array")

    var parent = Parent.Action.destination(.a)
    parent.destination = .some(.b(2))
    checks.equal(parent.destination, .some(.b(2)), "optional of a sibling's nested action")

    var catalog = Catalog.Event.row(Catalog.Row(id: 1))
    catalog.row = Catalog.Row(id: 2)
    checks.equal(catalog.row, Catalog.Row(id: 2), "type declared in another extension, in another file")
    catalog = .rows([3: Catalog.Row(id: 3)])
    checks.equal(catalog.rows?[3], Catalog.Row(id: 3), "member typealias of a sibling type")

    var mid = Outer.Mid.Event.inner(Inner(name: "top"))
    mid.inner = Inner(name: "level")
    checks.equal(mid.inner, Inner(name: "level"), "an extension does not see its extended type's enclosing types")
}

/// Collects what a `@Sendable` closure receives.
final class Recorder: @unchecked Sendable {
    private(set) var values: [Int] = []
    func record(_ value: Int) { values.append(value) }
}
