//! The one frame order is kept, not only declared: every `Update` system
//! of the game is in one of the sets of `AppSystems` (Input → Think →
//! Apply → Animate → Present → Persist), read off the schedule graph of the
//! app the player runs (`app::player_app`, here without a window).

use bevy::ecs::schedule::graph::Direction;
use bevy::ecs::schedule::{NodeId, ScheduleLabel, SystemSet};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use lineup::states::AppSystems;
use std::collections::HashSet;

/// The headless base the game's plugins go on: Bevy's own plugins only.
fn bevy_base() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_asset::<Image>();
    app
}

/// The names of the `Update` systems that are in no set of the frame
/// order (names need Bevy's `debug` feature: `cargo test --features
/// bevy/debug` shows them; without it they read as a placeholder).
fn outside_the_frame_order(app: &App) -> Vec<String> {
    let schedules = app.world().resource::<Schedules>();
    let Some(schedule) = schedules.get(Update.intern()) else {
        return Vec::new();
    };
    let graph = schedule.graph();
    // Everything under the frame order's sets, through nested sets.
    let mut todo: Vec<NodeId> = AppSystems::ALL
        .iter()
        .filter_map(|set| graph.system_sets.get_key(set.intern()).map(NodeId::Set))
        .collect();
    let mut under: HashSet<NodeId> = HashSet::new();
    while let Some(node) = todo.pop() {
        for child in graph
            .hierarchy()
            .neighbors_directed(node, Direction::Outgoing)
        {
            if under.insert(child) {
                todo.push(child);
            }
        }
    }
    graph
        .systems
        .iter()
        .filter(|(key, _, _)| !under.contains(&NodeId::System(*key)))
        .map(|(_, system, _)| system.name().to_string())
        .collect()
}

#[test]
fn every_update_system_of_the_game_is_in_the_frame_order() {
    // Whatever Bevy's own plugins put in Update is not the game's to order.
    let bevy_own = outside_the_frame_order(&bevy_base()).len();
    let mut app = bevy_base();
    app.add_plugins(lineup::app::player_app);
    let systems = app
        .world()
        .resource::<Schedules>()
        .get(Update.intern())
        .expect("an Update schedule")
        .graph()
        .systems
        .len();
    assert!(
        systems > 100,
        "only {systems} Update systems: not the game's"
    );
    let outside = outside_the_frame_order(&app);
    assert_eq!(
        outside.len(),
        bevy_own,
        "Update systems outside the frame order (AppSystems): {outside:#?}"
    );

    // And the check sees one that is not in order.
    app.add_systems(Update, || {});
    assert_eq!(outside_the_frame_order(&app).len(), bevy_own + 1);
}
