// Generics, `#if`, names, collisions, access levels and selection: the rest of the reference fixtures.

import RexGenFixtures

func checkGenerics(_ checks: inout Checks) {
    var loading = LoadingAction<Int>.loaded(1)
    loading.loaded = 2
    checks.equal(loading.loaded, 2, "generic enum setter")
    checks.expect(LoadingAction<String>.load.isLoad, "generic enum is property")
    var paging = PagingAction<String, Int>.page(items: ["a"], next: nil)
    paging.page = (items: ["b"], next: 2)
    checks.expect(paging.page?.items == ["b"] && paging.page?.next == 2, "constrained generic enum")
    var screen = GenericScreen<String>.Action.compare("a", "b")
    screen.compare = ("c", "d")
    checks.expect(screen.compare.map { $0 == ("c", "d") } == true, "enum nested in a generic type")
    checks.equal(screen.show, nil, "nested generic getter on another case")
    let transform = GenericContainer<Int>.Event.transform { $0 + 1 }
    checks.equal(transform.transform?(1), 2, "generic function-typed payload")
    checks.equal(GenericHost<String>.Action.received("r").received, "r", "enum in an extension of a generic type")
}

func checkConditionals(_ checks: inout Checks) {
    checks.expect(ConditionalAction.always.isAlways, "unconditional case")
    #if DEBUG
    checks.equal(ConditionalAction.debugOnly("d").debugOnly, "d", "#if DEBUG case")
    var same = ConditionalAction.sameName("s")
    same.sameName = "t"
    checks.equal(same.sameName, "t", "#if DEBUG branch of a case declared in both branches")
    #else
    checks.equal(ConditionalAction.e2eOnly(1).e2eOnly, 1, "#elseif case")
    var same = ConditionalAction.sameName(1)
    same.sameName = 2
    checks.equal(same.sameName, 2, "#else branch of a case declared in both branches")
    #endif
    checks.equal(ConditionalAction.nestedCondition(true).nestedCondition, true, "nested #if case")
    checks.equal(ConditionalAction.modern(3).modern, 3, "@available case")
    checks.expect(ConditionalOnlyEvent.happened.isHappened, "enum inside #if")
}

func checkNamesAndCollisions(_ checks: inout Checks) {
    checks.expect(NamesAction.default.default != nil && NamesAction.default.isDefault, "`default` case")
    var keyword = NamesAction.switch(1)
    keyword.switch = 2
    checks.equal(keyword.switch, 2, "`switch` case setter")
    checks.equal(NamesAction.in(label: "l").in, "l", "`in` case")
    checks.expect(NamesAction.is.isIs, "`is` case")
    checks.expect(NamesAction.`self`.isSelf && !NamesAction.default.isSelf, "`self` case gets only isSelf")
    checks.expect(NamesAction.`init`.isInit, "`init` case")
    checks.expect(NamesAction.café.isCafé, "unicode case")
    checks.equal(NamesAction.état("é").état, "é", "unicode case with an uppercased is property")
    checks.equal(NamesAction.日本語(3).日本語, 3, "non-Latin case")
    checks.expect(NamesAction.ñandú.isÑandú && NamesAction.where.isWhere, "two cases on one line")
    checks.expect(Protocol.Action.`Any`.isAny, "type named like a keyword")

    // Skipped properties leave the user's own members in charge.
    checks.equal(CollisionsAction.movie("m").movie, "user-defined movie", "user's `movie` is kept")
    checks.expect(CollisionsAction.movie("m").isMovie, "isMovie still generated, without `movie`")
    checks.expect(!CollisionsAction.started.isMovie, "isMovie on another case")
    checks.equal(CollisionsAction.rating(3).rating, 3, "rating generated")
    checks.expect(!CollisionsAction.rating(3).isRating, "user's `isRating` is kept")
    checks.expect(CollisionsAction.describe.isDescribe, "isDescribe beside the user's describe(verbose:)")
    checks.expect(CollisionsAction.isBar.isIsBar && CollisionsAction.bar.bar != nil, "case isBar beside bar")
    checks.expect(CollisionsAction.started.isStarted && CollisionsAction.isStarted, "static member does not block")
}

func checkAccessAndSelection(_ checks: inout Checks) {
    // Visible from this module: public and package properties.
    checks.expect(PublicAccessAction.tapped.isTapped, "public enum")
    checks.equal(OpenAccessScreen.Action.opened(1).opened, 1, "enum nested in an open class")
    checks.equal(PackageAccessAction.tapped(id: 2).tapped, 2, "package enum")
    checks.expect(PackageAccessContainer.InnerAction.tapped.isTapped, "public enum inside a package struct")
    checks.equal(PublicAccessFeature.Action.started("s").started, "s", "enum in a public extension")

    checks.expect(SelectionAction.byActionSuffix.isByActionSuffix, "Action suffix")
    checks.expect(SelectionEvent.byEventSuffix.isByEventSuffix, "Event suffix")
    checks.expect(SelectionScreen.byRexGenAnnotation.isByRexGenAnnotation, "// rexgen: prism")
    checks.expect(SelectionTab.bySourceryAnnotation.isBySourceryAnnotation, "// sourcery: Prism")
    checks.expect(SelectionFeature.Action.nested.isNested, "nested Feature.Action")
    checks.equal(AllEnumsColor.custom(hue: 0.5).custom, 0.5, "--all-enums")
    checks.equal(SuffixChatMsg.sent("hi").sent, "hi", "--suffix Msg")
    checks.expect(SuffixCommand.run.isRun && SuffixAnnotated.stillSelected.isStillSelected, "--suffix Command")
}
