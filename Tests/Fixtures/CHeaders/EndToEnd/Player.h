// The end-to-end header (CHeaderEndToEndTests). Each enum exercises one way Swift imports C enums; the
// test both generates from this file and compiles the result with `swiftc -import-objc-header Player.h`,
// so the names RexGen chooses must be the names Swift really gives.
#ifndef PLAYER_H
#define PLAYER_H

// Found only through `-I include` (rexgen) / `-Xcc -I include` (swiftc).
#include "PlayerExtras.h"

// User-defined macros in the style of NS_CLOSED_ENUM / NS_ENUM, in the C-compatible form (the Apple
// `: _type` forward-declaration form does not compile in C mode on Linux).
#define PLAYER_CLOSED_ENUM(_name) enum __attribute__((enum_extensibility(closed))) _name
#define PLAYER_OPEN_ENUM(_name) enum __attribute__((enum_extensibility(open))) _name
#define PLAYER_SWIFT_NAME(_swiftName) __attribute__((swift_name(#_swiftName)))

// Closed, behind a macro; carried by AppAction.player, which selects it.
typedef PLAYER_CLOSED_ENUM(PlayerState) {
    PlayerStateIdle,
    PlayerStatePlaying,
    PlayerStatePaused,
} PlayerState;

// Open (not @frozen in Swift); selected by the annotation right above it.
// rexgen: prism
typedef PLAYER_OPEN_ENUM(NetworkStatus) {
    NetworkStatusOffline,
    NetworkStatusCellular,
    NetworkStatusWiFi,
} NetworkStatus;

// swift_name on the enum (placed after the closing brace, where it applies to the enum, not the typedef)
// and on one enumerator; the other enumerator's name is stripped of the C name's prefix `RGTrackKind`.
typedef PLAYER_CLOSED_ENUM(RGTrackKind) {
    RGTrackKindAudio,
    RGTrackKindVideo PLAYER_SWIFT_NAME(movie),
} PLAYER_SWIFT_NAME(TrackKind) RGTrackKind;

// Plain C enum: Swift imports it as a struct with static constants. Selected by its name, so it draws the
// note and gets no properties.
typedef enum {
    LegacyEventStarted,
    LegacyEventStopped,
} LegacyEvent;

// Closed only when built with -D PLAYER_QUALITY=2 (a NAME=VALUE define), plain otherwise.
#if defined(PLAYER_QUALITY) && PLAYER_QUALITY >= 2
#define PLAYER_QUALITY_ENUM(_name) PLAYER_CLOSED_ENUM(_name)
#else
#define PLAYER_QUALITY_ENUM(_name) enum _name
#endif

typedef PLAYER_QUALITY_ENUM(StreamQuality) {
    StreamQualityLow,
    StreamQualityHigh,
} StreamQuality;

// Closed but neither named nor annotated nor carried: not selected.
typedef PLAYER_CLOSED_ENUM(Codec) {
    CodecAAC,
    CodecOpus,
} Codec;

#endif
