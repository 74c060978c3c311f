// Payloads that name a type declared beside the enum in an enclosing type, the short way Swift's lexical
// lookup allows. In an extension at file scope those names are not in scope: the generated code must
// write them qualified (Movies.Picker.Event, [Movies.Item], Result<Movies.Item, Movies.Failure>).

/// A top-level type that `Movies.Item` shadows inside `Movies`.
public struct Item: Equatable, Sendable {
    public var title: String
    public init(title: String) { self.title = title }
}

public enum Movies {
    public enum Event {
        case picker(Picker.Event)
        case list([Item])
        case loaded(Result<Item, Failure>)
        case optional(Item?)
        case byID([String: Item])
        case pair((Item, Int))
        case labelled(item: Item, rating: Rating)
        case callback((Item) -> Failure?)
        case sendable(@Sendable (_ item: Item) -> Void)
        case shelf(Shelf)
        case topLevel(Swift.Int)
    }

    public enum Picker {
        public enum Event: Equatable { case opened, chose(Item) }
    }

    public struct Item: Equatable, Sendable {
        public var id: Int
        public init(id: Int) { self.id = id }
    }

    public struct Failure: Error, Equatable {
        public init() {}
    }

    public struct Rating: Equatable {
        public var stars: Int
        public init(stars: Int) { self.stars = stars }
    }

    /// Reached through a typealias declared in the enclosing type.
    public typealias Shelf = [Item]
}

/// The enum's own generic parameter and its own nested types stay as written: both are in scope in an
/// extension of the enum.
public enum BoardAction<Item> {
    case request(Request)
    case item(Item)

    public enum Request: Equatable { case move(Int) }
}

/// A generic enclosing type: its generic parameter stays as written, its nested type is qualified.
public struct Box<Element> {
    public enum Action {
        case element(Element)
        case item(Item)
    }

    public struct Item: Equatable {
        public var count: Int
        public init(count: Int) { self.count = count }
    }
}

/// An enclosing type's generic parameter shadows a type of the same name further out (`Movies.Item`).
extension Movies {
    public struct Crate<Item> {
        public enum Action {
            case content(Item)
        }
    }
}

/// The enum's own nested type named like a generic parameter of a type around it: in the case it is the
/// nested type, but in `extension Rack.Action` the name means `Rack`'s parameter, so it is written qualified.
public struct Rack<Tag> {
    public enum Action {
        case tag(Tag)
        case tags([Tag], Int)

        public enum Tag: Equatable { case new, sale }
    }
}

public struct Parent {
    public enum Action {
        case destination(Destination.Action?)
    }

    public enum Destination {
        public enum Action: Equatable { case a, b(Int) }
    }
}
