// Reference/PayloadKinds: one check group per payload shape. PayloadAction holds closures, so it is not
// Equatable: each check reads the state back through the generated getters and `is` properties.

import RexGenFixtures

struct ConformingPayload: PayloadProtocol, Sendable {
    var tag: String
}

func checkPayloadKinds(_ checks: inout Checks) {
    // Unlabelled single payload.
    var action = PayloadAction.count(1)
    checks.equal(action.count, 1, "count getter")
    action.count = 2
    checks.equal(action.count, 2, "count setter")
    checks.expect(action.isCount && !action.isStarted, "is properties on .count")
    action.rename = "ignored"
    checks.equal(action.rename, nil, "rename setter on .count is a no-op")
    checks.equal(action.count, 2, "count survives a non-matching setter")

    // Labelled single payload, several labels, mixed labels, `_` labels.
    action = .rename(name: "old")
    action.rename = "new"
    checks.equal(action.rename, "new", "labelled single payload setter")
    action = .move(x: 1, y: 2)
    checks.expect(action.move?.x == 1 && action.move?.y == 2, "labelled tuple getter")
    action.move = (x: 3, y: 4)
    checks.expect(action.move.map { $0 == (x: 3, y: 4) } == true, "labelled tuple setter")
    action = .mixed(5, label: "five")
    checks.expect(action.mixed?.0 == 5 && action.mixed?.label == "five", "mixed labels getter")
    action.mixed = (6, label: "six")
    checks.expect(action.mixed?.0 == 6 && action.mixed?.label == "six", "mixed labels setter")
    action = .underscore(1)
    action.underscore = 10
    checks.equal(action.underscore, 10, "`_ value:` payload is unlabelled")
    action = .twoUnderscores(1, 2)
    checks.expect(action.twoUnderscores.map { $0 == (1, 2) } == true, "two `_` labels getter")

    // Function types.
    var received: [Int] = []
    action = .callback { received.append($0) }
    action.callback?(7)
    checks.equal(received, [7], "function-typed payload getter returns the closure")
    action.callback = { received.append($0 * 10) }
    action.callback?(8)
    checks.equal(received, [7, 80], "function-typed payload setter")
    action = .sendableCallback { $0.count }
    checks.expect(action.isSendableCallback && action.callback == nil, "@Sendable async throws closure")

    // Tuples as a single payload, existentials, generics, optionals, collections.
    action = .pair((1, "one"))
    checks.expect(action.pair?.1 == "one", "tuple payload getter")
    action = .labelledPair((first: 2, second: "two"))
    checks.expect(action.labelledPair?.second == "two", "labelled tuple payload getter")
    action = .existential(ConformingPayload(tag: "p"))
    checks.equal((action.existential as? ConformingPayload)?.tag, "p", "`any P` payload getter")
    action.existential = ConformingPayload(tag: "q")
    checks.equal((action.existential as? ConformingPayload)?.tag, "q", "`any P` payload setter")
    action = .composition(ConformingPayload(tag: "c"))
    checks.expect(action.isComposition, "`any P & Sendable` payload")
    action = .result(.success(3))
    checks.equal(action.result, .success(3), "Result<Int, PayloadError> getter")
    action.result = .failure(PayloadError(code: 4))
    checks.equal(action.result, .failure(PayloadError(code: 4)), "Result setter")
    action = .resultWithError(.success(5))
    checks.equal(try? action.resultWithError?.get(), 5, "Result<Int, Error> getter")
    action = .array([1, 2])
    action.array?.append(3)
    checks.equal(action.array, [1, 2, 3], "mutating the payload in place")
    action = .dictionary(["a": [1]])
    action.dictionary?["b"] = [2]
    checks.equal(action.dictionary, ["a": [1], "b": [2]], "dictionary payload")
    action = .defaulted()
    checks.expect(action.defaulted?.query == "" && action.defaulted?.page == 1, "defaulted payload")
    action = .metatype(Int.self)
    checks.expect(action.metatype == Int.self, "metatype payload")

    // `Int?` payload: the getter is `Int??`, so "case with nil" differs from "other case".
    action = .optional(nil)
    checks.expect(action.isOptional, "isOptional on .optional(nil)")
    checks.equal(action.optional, .some(nil), "getter on .optional(nil) is .some(nil)")
    action.optional = .some(3)
    checks.equal(action.optional, .some(3), "optional payload setter")
    action.optional = nil
    checks.equal(action.optional, .some(3), "setting the outer nil is a no-op")
    action.optional = .some(nil)
    checks.equal(action.optional, .some(nil), "setting .some(nil) stores nil")
    action = .started
    checks.equal(action.optional, nil, "optional getter on another case is nil")
    action = .optionalLabelled(value: "v")
    checks.equal(action.optionalLabelled, .some("v"), "labelled optional payload")

    // Several cases on one line, and an indirect case written through.
    checks.expect(PayloadAction.one.isOne && PayloadAction.three.three != nil, "payload-less cases on one line")
    checks.equal(PayloadAction.two(2).two, 2, "payload case on a shared line")
    action = .nested(.count(1))
    action.nested?.count = 9
    checks.equal(action.nested?.count, 9, "write through an indirect case")
    action.nested?.rename = "x"
    checks.equal(action.nested?.rename, nil, "no-op through an indirect case")
}
