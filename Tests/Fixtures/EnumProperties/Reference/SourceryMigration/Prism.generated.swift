// Generated using Sourcery 2.1.7 — https://github.com/krzysztofzablocki/Sourcery
// DO NOT EDIT

extension AppAction {
    public var started: Void? {
        guard case .started = self else { return nil }
        return ()
    }

    public var isStarted: Bool {
        self.started != nil
    }

    public var movie: MovieAction? {
        get {
            guard case let .movie(associatedValue0) = self else { return nil }
            return (associatedValue0)
        }
        set {
            guard case .movie = self, let newValue = newValue else { return }
            self = .movie(newValue)
        }
    }

    public var isMovie: Bool {
        self.movie != nil
    }

    // Hand-edited after generation: not what RexGen would write.
    public var rename: Substring? {
        guard case let .rename(name) = self else { return nil }
        return Substring(name)
    }
}

extension MovieAction {
    public var load: (page: Int, query: String)? {
        get {
            guard case let .load(page, query) = self else { return nil }
            return (page, query)
        }
        set {
            guard case .load = self, let newValue = newValue else { return }
            self = .load(page: newValue.page, query: newValue.query)
        }
    }
}

extension LoadState {
    public var loading: Double? {
        guard case let .loading(progress) = self else { return nil }
        return progress
    }

    public var isLoading: Bool {
        self.loading != nil
    }
}
