// Draws a warning (a case `isPing` beside `ping` would declare `isPing` twice), which must still be
// reported when the C header beside it fails.
enum ProbeAction {
    case ping
    case isPing
}
