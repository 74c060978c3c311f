import Reactor
import ReactorFeature

struct World: State {
    var region: Region
}

struct Region: State {
    var name = "North"
    var town: Town
}

struct Town: State {
    var visits = 0

    mutating func react(to event: Event) {
        if event is Hit { visits += 1 }
    }
}
