// Payloads that name an action enum through generic types, directly or through typealiases (see Router.swift
// for what the tests do with this folder). Each conformance states the arguments the payload writes, read where
// the payload is; where RexGen cannot state them so, the payload is no branch of the tree.
public enum ScopedAction {
    // An argument naming a type nested in the enum with the case: `where Item == ScopedAction.Row`.
    case picker(ScopedPicker<Row>.PickAction)
    public struct Row {}
    // Through a generic action enum reached with a concrete argument, which writes its own parameter:
    // `where Item == Int`.
    case page(ScopedPageAction<Int>)
    // Nested generic types, and an enum they declare that the first carries: `where Outer == Int, Inner == String`.
    case deep(ScopedOuter<Int>.Middle<String>.DeepAction)
    // Arguments of a type around it and of its own: `where Holder == Bool, Element == String`.
    case mixed(ScopedHolder<Bool>.MixedAction<String>)
    // Through a typealias at top level, which writes them: `where Item == Int`.
    case aliased(ScopedIntPicker)
    // Through a typealias in a generic type (`Box<T>.Alias = Target<T>`), in another type (whose nested types
    // its arguments name), or with parameters of its own: the arguments read otherwise here, so no branch.
    case boxed(ScopedBox<Int>.Alias)
    case elsewhere(ScopedElsewhere.Alias)
    case parameterised(ScopedAlias<Int>)
    // Through an enum inside a generic action enum, whose cases pass on that enum's parameter.
    case rows(ScopedRowsAction<String>)
}

public enum ScopedRowsAction<Entry> {
    case section(SectionAction)

    public enum SectionAction {
        // The parameter of the enum around the case: `where Value == String`.
        case page(ScopedRowsPageAction<Entry>)
        // The same, written for a generic type around the child: `where Item == String`.
        case pick(ScopedPicker<Entry>.RowPickAction)
    }
}

public enum ScopedRowsPageAction<Value> {
    case value(Value)
}

public struct ScopedPicker<Item> {
    public enum PickAction {
        case pick(Item)
    }

    public enum PageStepAction {
        case step(Item)
    }

    public enum AliasedAction {
        case pick(Item)
    }

    public enum RowPickAction {
        case pick(Item)
    }
}

public enum ScopedPageAction<Value> {
    case set(Value)
    case step(ScopedPicker<Value>.PageStepAction)
}

public struct ScopedOuter<Outer> {
    public struct Middle<Inner> {
        public enum DeepAction {
            case both(Outer, Inner)
            case leaf(LeafAction)
            // The parameter of a generic struct around the case: `where Value == Int`.
            case passed(ScopedPassedAction<Outer>)
        }

        public enum LeafAction {
            case inner(Inner)
            case outer(Outer)
        }
    }
}

public enum ScopedPassedAction<Value> {
    case value(Value)
}

public struct ScopedHolder<Holder> {
    public enum MixedAction<Element> {
        case holder(Holder)
        case element(Element)
    }
}

public typealias ScopedIntPicker = ScopedPicker<Int>.AliasedAction

public struct ScopedBox<T> {
    public typealias Alias = BoxedTargetAction<T>
}

public enum BoxedTargetAction<Value> {
    case value(Value)
}

public enum ScopedElsewhere {
    public typealias Alias = ElsewhereTargetAction<Row>
    public struct Row {}
}

public enum ElsewhereTargetAction<Value> {
    case value(Value)
}

public typealias ScopedAlias<X> = ParameterisedTargetAction<X>

public enum ParameterisedTargetAction<Value> {
    case value(Value)
}
