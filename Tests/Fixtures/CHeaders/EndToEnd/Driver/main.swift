// Run by CHeaderEndToEndTests after compiling Player.h (imported with -import-objc-header), AppAction.swift
// and the generated properties. Prints a FAIL line per broken expectation and a summary line the test
// requires, so a driver that stops early cannot pass.

import Foundation

// Top-level variables belong to the main actor, so the function that bumps them must too.
var checks = 0
var failures = 0

@MainActor func expect(_ condition: Bool, _ what: String, line: UInt = #line) {
    checks += 1
    if !condition {
        failures += 1
        print("FAIL main.swift:\(line): \(what)")
    }
}

// Closed enum behind a user macro.
expect(PlayerState.idle.isIdle, "PlayerState.idle.isIdle")
expect(!PlayerState.idle.isPlaying && !PlayerState.idle.isPaused, "PlayerState.idle is nothing else")
expect(PlayerState.paused.isPaused && !PlayerState.paused.isIdle, "PlayerState.paused.isPaused")
expect(PlayerState.playing.isPlaying, "PlayerState.playing.isPlaying")

// Open enum; `WiFi` keeps Swift's lowercasing of its first word (`wiFi`).
expect(NetworkStatus.cellular.isCellular && !NetworkStatus.cellular.isOffline, "NetworkStatus.cellular")
expect(NetworkStatus.wiFi.isWiFi, "NetworkStatus.wiFi.isWiFi")
expect(NetworkStatus.offline.isOffline && !NetworkStatus.offline.isWiFi, "NetworkStatus.offline")

// swift_name on the enum and on one enumerator.
expect(TrackKind.movie.isMovie && !TrackKind.movie.isAudio, "TrackKind.movie.isMovie")
expect(TrackKind.audio.isAudio && !TrackKind.audio.isMovie, "TrackKind.audio.isAudio")

// Closed only under -D PLAYER_QUALITY=2.
expect(StreamQuality.high.isHigh && !StreamQuality.high.isLow, "StreamQuality.high.isHigh")

// From the header found through -I.
expect(SoundEvent.beep.isBeep && !SoundEvent.beep.isSilence, "SoundEvent.beep.isBeep")

// Through the Swift action enum: its generated prisms reach the C enums' properties.
let actions: [AppAction] = [.started, .player(.paused), .track(kind: .movie), .quality(.low), .sound(.silence, volume: 3)]
expect(actions[1].player?.isPaused == true, "AppAction.player(.paused).player?.isPaused")
expect(actions[0].player?.isPaused == nil, "AppAction.started.player is nil")
expect(actions[2].track?.isMovie == true, "AppAction.track(kind: .movie).track?.isMovie")
expect(actions[3].quality?.isLow == true, "AppAction.quality(.low).quality?.isLow")
expect(actions[4].sound?.0.isSilence == true && actions[4].sound?.volume == 3, "AppAction.sound")
var action = actions[1]
action.player = .idle
expect(action.player?.isIdle == true, "setting AppAction.player")

// The plain C enum is a struct in Swift: it still works, without generated properties.
expect(LegacyEventStopped != LegacyEventStarted, "LegacyEvent constants")

print("REXGEN-CHEADERS-DRIVER-DONE checks=\(checks) failures=\(failures)")
exit(failures == 0 ? 0 : 1)
