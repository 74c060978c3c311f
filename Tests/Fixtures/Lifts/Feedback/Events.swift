// Feedback-style events: each feature keeps its `Event` in a namespace, and a root `Event` composes them.
// One, two and three levels deep (Root.Event → Catalog.Event → Movies.Event → Movies.Picker.Event), as
// CombineFeedback's and ReactiveFeedback's example apps compose features.
// See Tests/Fixtures/Lifts/Drivers/FeedbackDriver.swift for what is run.

public enum Root {
    public enum Event: Equatable {
        case counter(Counter.Event)
        case catalog(Catalog.Event)
        case tick
    }
}

public enum Counter {
    public enum Event: Equatable {
        case increment
        case decrement
    }
}

public enum Catalog {
    public enum Event: Equatable {
        case movies(Movies.Event)
        case refresh
    }
}

public enum Movies {
    public enum Event: Equatable {
        case load(page: Int)
        case loaded([String])
        case picker(Picker.Event)
    }

    public enum Picker {
        public enum Event: Equatable {
            case opened
            case chose(String)
        }
    }
}
