// Which C enums get properties (CHeaderSelectionTests). Every enum here is closed, so each one could get
// properties; only the selection rules decide. RemoteAction.swift holds the Swift enums that carry some.
#ifndef SELECTION_H
#define SELECTION_H

#define SEL_CLOSED_ENUM(_name) enum __attribute__((enum_extensibility(closed))) _name

// Selected: its name ends in `Event`.
typedef SEL_CLOSED_ENUM(DoorEvent) { DoorEventOpened, DoorEventClosed } DoorEvent;

// Selected: its name ends in `Action`.
typedef SEL_CLOSED_ENUM(KnobAction) { KnobActionTurned, KnobActionPressed } KnobAction;

// Selected: annotated right above.
// rexgen: prism
typedef SEL_CLOSED_ENUM(Lamp) { LampOn, LampOff } Lamp;

// Selected: Sourcery's spelling of the annotation.
// sourcery: Prism
typedef SEL_CLOSED_ENUM(Fan) { FanSlow, FanFast } Fan;

// Not selected: the annotation belongs to the declaration between it and the enum.
// rexgen: prism
extern int selectionUnrelatedGlobal;
typedef SEL_CLOSED_ENUM(Distant) { DistantNear, DistantFar } Distant;

// Not selected, even with --all-enums: `skip` wins over the name.
// rexgen: skip
typedef SEL_CLOSED_ENUM(MutedEvent) { MutedEventA, MutedEventB } MutedEvent;

// Selected: carried by RemoteAction.speed, alone.
typedef SEL_CLOSED_ENUM(Speed) { SpeedLow, SpeedHigh } Speed;
// Selected: carried by RemoteAction.carried, beside another payload and under a label.
typedef SEL_CLOSED_ENUM(Carried) { CarriedX, CarriedY } Carried;
// Selected: carried by RemoteAction as `Wrapped?`, `[Listed]` and `[String: Keyed]`.
typedef SEL_CLOSED_ENUM(Wrapped) { WrappedOne, WrappedTwo } Wrapped;
typedef SEL_CLOSED_ENUM(Listed) { ListedOne, ListedTwo } Listed;
typedef SEL_CLOSED_ENUM(Keyed) { KeyedOne, KeyedTwo } Keyed;
// Not selected: carried only by Holder, which is not an action enum.
typedef SEL_CLOSED_ENUM(Stuck) { StuckX, StuckY } Stuck;
// Not selected: nothing names, annotates or carries it.
typedef SEL_CLOSED_ENUM(Unrelated) { UnrelatedA, UnrelatedB } Unrelated;

#endif
