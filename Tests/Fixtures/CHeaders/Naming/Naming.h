// Naming edge cases for C enums imported into Swift (CHeaderNamingOracleTests). The expected case names
// are not written anywhere: the test asks the Swift toolchain (swift-synthesize-interface) what it imports
// and compares with `rexgen dump --all-enums`. Add an enum here to cover a new rule.
#ifndef NAMING_H
#define NAMING_H

#define CE(_name) enum __attribute__((enum_extensibility(closed))) _name
#define OE(_name) enum __attribute__((enum_extensibility(open))) _name
#define SN(_swiftName) __attribute__((swift_name(#_swiftName)))

// The common case: the enum's name is the prefix.
typedef CE(Weekday) { WeekdayMonday, WeekdayTuesday } Weekday;
typedef OE(Paths) { PathsAbsolutePath, PathsRelativePath } Paths;

// `k` prefixes, matching the enum's name or not.
typedef CE(Mode) { kModeFast, kModeSlow } Mode;
typedef CE(KDir) { kDirUp, kDirDown } KDir;
typedef CE(CFStreamStatus) { kCFStreamStatusNotOpen, kCFStreamStatusOpening } CFStreamStatus;
typedef CE(KB) { kKBOne, kKBTwo } KB;
typedef CE(Ka) { kaOne, kaTwo } Ka;

// Acronyms: kept whole when a name is one, lowercased as a unit when it starts a longer name.
typedef CE(URLKind) { URLKindHTTP, URLKindFTP, URLKindFileSystem } URLKind;
typedef CE(HTTPMethod) { HTTPMethodGET, HTTPMethodPOST, HTTPMethodURLEncoded } HTTPMethod;
typedef CE(XMLParserError) { XMLParserErrorNone, XMLParserErrorBadInput, XMLParserErrorIOFailed } XMLParserError;
typedef CE(ABCThing) { ABCThingOne, ABCThingTwo } ABCThing;
typedef CE(ABC) { ABCDef, ABCGhi } ABC;
typedef CE(Status) { StatusOK, StatusNotOK } Status;
typedef CE(Codec) { CodecH264, CodecMP3, CodecAAC } Codec;
typedef CE(Vid) { VidHDR10Plus, VidSDR } Vid;
typedef CE(Vid2) { Vid2HDRMode, Vid2SDRMode } Vid2;
typedef CE(Spaceship) { SpaceshipUSSEnterprise, SpaceshipISSStation } Spaceship;
typedef CE(Mac) { MacOSX, MacOS9 } Mac;
typedef CE(Network) { NetworkWiFi, NetworkLTE } Network;

// All capitals with underscores.
typedef CE(MyShape) { MY_SHAPE_CIRCLE, MY_SHAPE_SQUARE_BOX } MyShape;
typedef CE(MY_SHAPE2) { MY_SHAPE2_CIRCLE, MY_SHAPE2_SQUARE_BOX } MY_SHAPE2;
typedef CE(SNAKE_CASE) { SNAKE_CASE_UP_LEFT, SNAKE_CASE_DOWN } SNAKE_CASE;
typedef CE(ZZ) { ZZ_A_B, ZZ_A_C } ZZ;
typedef CE(Wide) { WideX_Y_Z, WideX_Y_W } Wide;
typedef CE(lower) { lower_a, lower_b } lower;

// `EnumName_Constant`, and underscores inside the remainder.
typedef CE(Tool) { Tool_Saw, Tool_Hammer } Tool;
typedef CE(Ma) { MaFoo_Bar, MaFoo_Baz } Ma;
typedef CE(Under) { Under__Saw, Under__Hammer } Under;
typedef CE(Space) { Space_, Space_X } Space;

// A lone constant, sharing the enum's name or not.
typedef CE(Lonely) { LonelyOnly } Lonely;
typedef CE(Single) { OnlyValue } Single;

// Constants that do not share the enum's name, or not all of it.
typedef CE(Animal) { Cat, Dog, Bird } Animal;
typedef CE(Fruit) { ColorRed, ColorGreen } Fruit;
typedef CE(Mixed) { MixedValueA, MixedValueB, OtherThing } Mixed;
typedef CE(PlayerState) { PlayerIdle, PlayerPlaying } PlayerState;
typedef CE(Dir) { DirNorthEast, DirNorthWest } Dir;
typedef CE(lowerCamel) { lowerCamelOne, lowerCamelTwo } lowerCamel;

// Plural enum names whose constants use the singular.
typedef CE(Colors) { ColorsRed, ColorsGreen } Colors;
typedef CE(Options) { OptionFast, OptionSlow } Options;
typedef CE(Brushes) { BrushRound, BrushFlat } Brushes;
typedef CE(Policies) { PolicyAllow, PolicyDeny } Policies;
typedef CE(Matches) { MatchExact, MatchFuzzy } Matches;

// Remainders that would start with a digit, so the prefix backs off.
typedef CE(Nums) { Nums1, Nums2 } Nums;
typedef CE(Res) { Res1080p, Res720p } Res;
typedef CE(Dig) { Dig2D, Dig3D } Dig;
typedef CE(DigB) { DigBMode2D, DigBMode3D } DigB;
typedef CE(Flow) { FlowA1, FlowB2 } Flow;
typedef CE(Ch) { ChHTTPS2, ChHTTP3 } Ch;

// Short remainders.
typedef CE(Tiny) { TinyA, TinyB } Tiny;
typedef CE(Xs) { XsAB, XsAC } Xs;

// Duplicate values: the later constants become static vars, not cases. Negative values too.
typedef CE(Level) { LevelLow, LevelHigh, LevelDefault = LevelLow, LevelMax = 7, LevelTop = 7 } Level;
typedef CE(DupAll) { DupAllA = 1, DupAllB = 1 } DupAll;
typedef CE(NegVal) { NegValMinus = -1, NegValZero = 0 } NegVal;

// Keywords as case names.
typedef CE(Kw) { KwIn, KwFor, KwSelf, KwDefault } Kw;
typedef CE(Sel) { SelSelf, SelType, SelProtocol, SelInit } Sel;

// swift_name on an enumerator, on the enum, and both; the enum's C name still drives the stripping.
typedef CE(RGColor) { RGColorRed, RGColorGreen SN(verde), RGColorBlue } RGColor;
typedef CE(RGTrack) { RGTrackAudio, RGTrackVideo } SN(Track) RGTrack;
typedef CE(RGShade) { RGShadeLight SN(bright), RGShadeDark } SN(Shade) RGShade;
// A dotted swift_name nests the enum in another imported type (the interface shows `extension Outer`).
struct SN(Outer) RGOuter { int unused; };
typedef CE(RGNested) { RGNestedLeft, RGNestedRight } SN(Outer.Inner) RGNested;

// Tag and typedef names that differ, a bare tag, an anonymous typedef'd enum.
typedef CE(RGTag) { RGTagOne, RGTagTwo } RGTypedef;
CE(Bare) { BareUp, BareDown };
typedef enum __attribute__((enum_extensibility(closed))) { AnonFirst, AnonSecond } Anon;

// A plain C enum: a struct in Swift, so it has no cases to compare (the test checks RexGen says `none`).
typedef enum { PlainA, PlainB } Plain;

#endif
