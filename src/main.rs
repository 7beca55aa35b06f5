fn main() {
    println!("Lineup: the game window comes with the playable-game issue.");
}
