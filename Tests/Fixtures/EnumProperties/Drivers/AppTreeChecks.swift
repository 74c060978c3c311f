// The action tree of Reference/App: getters, setters, `is` properties and key paths through nested prisms.

import RexGenFixtures

func checkAppTree(_ checks: inout Checks) {
    // Getters: the payload on the matching case, nil on any other.
    let movieList = AppAction.movie(.list(.load))
    checks.equal(movieList.movie, .list(.load), "movie getter on .movie")
    checks.equal(AppAction.started.movie, nil, "movie getter on .started")
    checks.expect(AppAction.started.started != nil, "started getter on .started is ()")
    checks.expect(movieList.started == nil, "started getter on .movie is nil")
    checks.equal(AppAction.settings(.setLanguage(code: "pt")).settings?.setLanguage, "pt",
                 "single labelled payload comes back unlabelled")

    // `is` properties.
    checks.expect(movieList.isMovie, "isMovie on .movie")
    checks.expect(!movieList.isStarted, "isStarted on .movie")
    checks.expect(AppAction.started.isStarted, "isStarted on .started")
    checks.expect(!AppAction.started.isSettings, "isSettings on .started")

    // Setters: replace the payload of the matching case, keeping the case and its labels.
    var action = AppAction.movie(.favoriteToggled(id: 1))
    action.movie = .detail(.close)
    checks.equal(action, .movie(.detail(.close)), "movie setter on .movie")
    action.movie?.detail = .open(id: 7)
    checks.equal(action, .movie(.detail(.open(id: 7))), "nested optional-chained setter")
    action.movie?.detail?.rated = (id: 7, stars: 5)
    checks.equal(action, .movie(.detail(.open(id: 7))), "nested setter through a non-matching case is a no-op")
    action.movie = nil
    checks.equal(action, .movie(.detail(.open(id: 7))), "setting nil is a no-op")
    var settings = AppAction.settings(.setLanguage(code: "en"))
    settings.settings?.setLanguage = "de"
    checks.equal(settings, .settings(.setLanguage(code: "de")), "labelled payload rebuilt with its label")

    // Setting through a non-matching case changes nothing.
    var started = AppAction.started
    started.movie = .list(.load)
    checks.equal(started, .started, "movie setter on .started is a no-op")
    var detail = DetailAction.open(id: 3)
    detail.rated = (id: 3, stars: 4)
    checks.equal(detail, .open(id: 3), "rated setter on .open is a no-op")
    detail = .rated(id: 3, stars: 1)
    detail.rated = (id: 3, stars: 4)
    checks.equal(detail, .rated(id: 3, stars: 4), "rated setter on .rated")
    checks.equal(detail.rated?.stars, 4, "tuple getter keeps labels")

    // Key paths through nested prisms: optional chaining makes them read-only...
    let listPath: KeyPath<AppAction, ListAction?> = \AppAction.movie?.list
    checks.equal(movieList[keyPath: listPath], .load, "\\AppAction.movie?.list on .movie(.list)")
    checks.equal(AppAction.started[keyPath: listPath], nil, "\\AppAction.movie?.list on .started")
    checks.equal(AppAction.movie(.detail(.close))[keyPath: listPath], nil, "\\AppAction.movie?.list on .movie(.detail)")
    let failedPath = \AppAction.movie?.list?.failed
    checks.equal(AppAction.movie(.list(.failed(message: "oops")))[keyPath: failedPath], "oops", "three levels deep")
    checks.equal(AppAction.movie(.list(.loaded([Movie(id: 1, title: "Up")])))[keyPath: \.movie?.list?.loaded?.count], 1,
                 "key path into the payload's own members")

    // ...while each prism is a WritableKeyPath, so writes go through a stored var.
    let moviePath: WritableKeyPath<AppAction, MovieAction?> = \AppAction.movie
    var viaKeyPath = AppAction.movie(.list(.load))
    viaKeyPath[keyPath: moviePath] = .favoriteToggled(id: 9)
    checks.equal(viaKeyPath, .movie(.favoriteToggled(id: 9)), "write through WritableKeyPath \\AppAction.movie")
    var state = AppState(lastAction: .movie(.list(.load)))
    let stateMovie: WritableKeyPath<AppState, MovieAction?> = \AppState.lastAction.movie
    state[keyPath: stateMovie]?.list = .failed(message: "offline")
    checks.equal(state.lastAction, .movie(.list(.failed(message: "offline"))), "nested write via \\AppState.lastAction.movie")
    checks.equal(state[keyPath: \AppState.lastAction.movie?.list], .failed(message: "offline"),
                 "read back through \\AppState.lastAction.movie?.list")
    state.lastAction = .started
    state[keyPath: stateMovie] = .list(.load)
    checks.equal(state.lastAction, .started, "write through key path on a non-matching case is a no-op")
    let settingsPath: WritableKeyPath<AppState, SettingsAction?> = \.lastAction.settings
    state[keyPath: settingsPath] = .toggleDarkMode
    checks.equal(state.lastAction, .started, "settings write on .started is a no-op")
    checks.expect(state[keyPath: \AppState.lastAction.isStarted], "is property through a key path")
}
