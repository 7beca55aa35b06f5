//! Buttons answer the mouse and the keyboard alike: hover or arrow keys move
//! the focus, a press of the mouse button or Enter activates. Either way one `UiAction` message
//! goes out, so menus never care which device was used.

use super::palette::Palette;
use crate::actions::{Action, UiAction};
use crate::states::Menu;
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Focused>()
        .init_resource::<PointerRest>()
        .add_observer(click_activates)
        .add_observer(hover_focuses)
        .add_systems(Update, (keyboard_navigation, show_button_state).chain())
        .add_systems(Last, remember_pointer);
}

/// A button that keyboard navigation can reach.
#[derive(Component, Default)]
pub struct Focusable;

/// A menu's overlay: while a menu is open, the keyboard reaches only the
/// buttons inside it, never those of the screen behind it.
#[derive(Component, Default)]
pub struct MenuLayer;

/// A button that shows but does nothing (e.g. Redo with nothing to redo).
#[derive(Component)]
pub struct Disabled;

/// Enables or disables a button whose state is `disabled` now, touching it
/// only when that changes.
pub fn set_enabled(commands: &mut Commands, button: Entity, enabled: bool, disabled: bool) {
    if enabled == disabled {
        if enabled {
            commands.entity(button).remove::<Disabled>();
        } else {
            commands.entity(button).insert(Disabled);
        }
    }
}

/// Where a bar is held down (a slider, a graph), from 0 at its left edge to
/// 1 at its right; `None` while it is not pressed.
pub fn pressed_across(
    interaction: &Interaction,
    cursor: &bevy::ui::RelativeCursorPosition,
) -> Option<f32> {
    if *interaction != Interaction::Pressed {
        return None;
    }
    // Bevy's position is from the node's centre, -0.5 to 0.5.
    cursor.normalized.map(|at| (at.x + 0.5).clamp(0.0, 1.0))
}

/// The button the keyboard acts on.
#[derive(Resource, Default, Debug)]
pub struct Focused(pub Option<Entity>);

/// A button acts when pressed, not on release: picking loses a `Click` whose
/// press and release fall in the same frame (a quick click at a low frame
/// rate), and a press is never lost.
fn click_activates(
    press: On<Pointer<Press>>,
    buttons: Query<&Action, Without<Disabled>>,
    mut actions: MessageWriter<UiAction>,
) {
    if press.button != PointerButton::Primary {
        return;
    }
    if let Ok(action) = buttons.get(press.entity) {
        actions.write(UiAction(*action));
    }
}

/// Where the mouse pointer was at the end of the last frame.
#[derive(Resource, Default)]
pub struct PointerRest(Option<Vec2>);

impl PointerRest {
    /// Whether the mouse came onto the entity by moving: a menu that opens
    /// under a resting pointer (or before the pointer was ever seen) neither
    /// takes the keyboard's focus from its first button nor ticks.
    pub fn moved(&self, over: &Pointer<Over>) -> bool {
        over.pointer_id == PointerId::Mouse
            && matches!(self.0, Some(at) if at != over.pointer_location.position)
    }
}

fn remember_pointer(
    pointers: Query<(&PointerId, &PointerLocation)>,
    mut rest: ResMut<PointerRest>,
) {
    for (id, pointer) in &pointers {
        if let (PointerId::Mouse, Some(location)) = (id, &pointer.location) {
            rest.0 = Some(location.position);
        }
    }
}

fn hover_focuses(
    over: On<Pointer<Over>>,
    buttons: Query<(), With<Focusable>>,
    rest: Res<PointerRest>,
    mut focused: ResMut<Focused>,
) {
    if buttons.contains(over.entity) && rest.moved(&over) {
        focused.0 = Some(over.entity);
    }
}

/// Arrows and Tab move the focus in reading order; Left/Right change a
/// cycling value; Enter or Space activates.
fn keyboard_navigation(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    buttons: Query<(Entity, &Action, Option<&UiGlobalTransform>, Has<Disabled>), With<Focusable>>,
    parents: Query<&ChildOf>,
    children: Query<&Children>,
    layers: Query<(), With<MenuLayer>>,
    menu: Res<State<Menu>>,
    mut focused: ResMut<Focused>,
    mut actions: MessageWriter<UiAction>,
) {
    let Some(keys) = keys else { return };
    let in_menu = *menu.get() != Menu::None;
    let mut order: Vec<_> = buttons
        .iter()
        .filter(|(entity, ..)| {
            !in_menu
                || parents
                    .iter_ancestors(*entity)
                    .any(|ancestor| layers.contains(ancestor))
        })
        .collect();
    if order.is_empty() {
        focused.0 = None;
        return;
    }
    // Reading order: top to bottom, then left to right on screen; where the
    // layout does not tell (no layout, as in headless tests), the order of
    // the UI tree.
    order.sort_by_cached_key(|(entity, _, transform, _)| {
        let at = transform.map_or(Vec2::ZERO, |t| t.translation);
        (
            at.y.round() as i32,
            at.x.round() as i32,
            tree_path(*entity, &parents, &children),
        )
    });
    let mut current = focused.0.and_then(|e| order.iter().position(|b| b.0 == e));
    // A menu opens with its first safe button focused, so Enter alone takes
    // the usual way on (Continue, Resume, Load, Keep playing), and never
    // resigns, deletes or quits. Outside menus nothing is focused until the
    // player moves there: Enter or Space must not act on a button the
    // player never chose.
    if current.is_none() && in_menu {
        current = order
            .iter()
            .position(|(_, action, ..)| !action.is_destructive());
    }
    focused.0 = current.map(|i| order[i].0);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let step = if keys.just_pressed(KeyCode::ArrowDown)
        || (keys.just_pressed(KeyCode::Tab) && !shift)
    {
        1
    } else if keys.just_pressed(KeyCode::ArrowUp) || (keys.just_pressed(KeyCode::Tab) && shift) {
        -1
    } else {
        0
    };
    if step != 0 {
        let n = order.len() as i32;
        let next = match current {
            Some(i) => (i as i32 + step).rem_euclid(n),
            None if step > 0 => 0,
            None => n - 1,
        };
        focused.0 = Some(order[next as usize].0);
        return;
    }
    let Some(i) = current else { return };
    let (_, action, _, disabled) = order[i];
    let horizontal = if keys.just_pressed(KeyCode::ArrowLeft) {
        -1
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        1
    } else {
        0
    };
    if horizontal != 0 {
        match *action {
            Action::Cycle(field, _) => {
                actions.write(UiAction(Action::Cycle(field, horizontal)));
            }
            Action::ChangeSetting(field, _) => {
                actions.write(UiAction(Action::ChangeSetting(field, horizontal)));
            }
            _ => {
                let n = order.len() as i32;
                focused.0 = Some(order[(i as i32 + horizontal as i32).rem_euclid(n) as usize].0);
            }
        }
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        && !disabled
    {
        actions.write(UiAction(*action));
    }
}

/// Colours follow the state: pressed, hovered, focused, disabled.
fn show_button_state(
    focused: Res<Focused>,
    palette: Res<Palette>,
    mut buttons: Query<
        (
            Entity,
            Option<&Interaction>,
            Has<Disabled>,
            &mut BackgroundColor,
            &mut Outline,
        ),
        With<Action>,
    >,
) {
    for (entity, interaction, disabled, mut background, mut outline) in &mut buttons {
        let colour = match (disabled, interaction) {
            (true, _) => palette.button_disabled,
            (false, Some(Interaction::Pressed)) => palette.button_press,
            (false, Some(Interaction::Hovered)) => palette.button_hover,
            _ if focused.0 == Some(entity) => palette.button_hover,
            _ => palette.button,
        };
        background.set_if_neq(BackgroundColor(colour));
        let ring = if focused.0 == Some(entity) {
            palette.accent
        } else {
            Color::NONE
        };
        if outline.color != ring {
            outline.color = ring;
        }
    }
}

/// The sibling indices from the root down to `entity`: sorting by it gives
/// the order in which the tree was written.
fn tree_path(
    mut entity: Entity,
    parents: &Query<&ChildOf>,
    children: &Query<&Children>,
) -> Vec<usize> {
    let mut path = Vec::new();
    while let Ok(child_of) = parents.get(entity) {
        let parent = child_of.parent();
        let index = children
            .get(parent)
            .ok()
            .and_then(|c| c.iter().position(|e| e == entity))
            .unwrap_or(0);
        path.push(index);
        entity = parent;
    }
    path.reverse();
    path
}

/// Typing into a text field (the save name, the online form). It follows
/// the Ctrl, Alt and Super keys through the keyboard's messages in their
/// order (a shortcut typed fast comes down and up within one frame, so the
/// frame's key state alone would miss it), so that Ctrl+A and the like are
/// never typed as text.
#[derive(Default, Debug)]
pub struct Typing(Vec<KeyCode>);

/// What one key did to a field; Enter and Tab are for the caller to act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    Nothing,
    Edited,
    Enter,
    Tab,
}

impl Typing {
    const MODIFIERS: [KeyCode; 6] = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];

    /// Applies one key message to `text`, which holds at most `limit`
    /// characters: Backspace deletes the last, printable text is added.
    pub fn key(
        &mut self,
        key: &bevy::input::keyboard::KeyboardInput,
        text: &mut String,
        limit: usize,
    ) -> Typed {
        use bevy::input::keyboard::Key;
        if Self::MODIFIERS.contains(&key.key_code) {
            self.0.retain(|k| *k != key.key_code);
            if key.state == bevy::input::ButtonState::Pressed {
                self.0.push(key.key_code);
            }
            return Typed::Nothing;
        }
        if key.state != bevy::input::ButtonState::Pressed {
            return Typed::Nothing;
        }
        match &key.logical_key {
            Key::Backspace => {
                text.pop();
                Typed::Edited
            }
            Key::Enter => Typed::Enter,
            Key::Tab => Typed::Tab,
            // A shortcut, not text.
            _ if !self.0.is_empty() => Typed::Nothing,
            _ => {
                let typed = key.text.as_deref().unwrap_or_default();
                for c in typed.chars().filter(|c| !c.is_control()) {
                    if text.chars().count() < limit {
                        text.push(c);
                    }
                }
                Typed::Edited
            }
        }
    }
}
