// Included by Player.h and found only through the include path: proves -I reaches libclang.
#ifndef PLAYER_EXTRAS_H
#define PLAYER_EXTRAS_H

#define EXTRAS_CLOSED_ENUM(_name) enum __attribute__((enum_extensibility(closed))) _name

// Selected by its name's `Event` suffix.
typedef EXTRAS_CLOSED_ENUM(SoundEvent) {
    SoundEventBeep,
    SoundEventSilence,
} SoundEvent;

#endif
