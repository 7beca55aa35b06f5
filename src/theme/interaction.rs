//! Buttons answer the mouse and the keyboard alike: hover or arrow keys move
//! the focus, a press of the mouse button or Enter activates. Either way the
//! button is [`Activated`], and it writes the one typed message it was
//! spawned with ([`Sends`]): menus never care which device was used, and
//! each area reads only its own messages.

use super::palette::Palette;
use crate::states::{AppSystems, Menu};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::ui::UiGlobalTransform;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Focused>()
        .init_resource::<PointerRest>()
        .add_observer(click_activates)
        .add_observer(hover_focuses)
        .add_systems(
            Update,
            (
                keyboard_navigation.in_set(AppSystems::Input),
                show_button_state.in_set(AppSystems::Present),
            ),
        )
        .add_systems(Last, remember_pointer);
}

/// A message a button can send: each area's own typed message (menu
/// navigation, history, review, settings, ...).
pub trait ButtonMessage: Message + Clone + std::fmt::Debug {
    /// The message Left (`dir` -1) or Right (+1) sends while the button has
    /// the focus, for a row whose value steps; `None`: the arrows move the
    /// focus.
    fn stepped(&self, _dir: i8) -> Option<Self> {
        None
    }

    /// Whether it gives up, deletes or leaves: a menu never focuses such a
    /// button by itself.
    fn is_destructive(&self) -> bool {
        false
    }
}

/// Registers `M` as a message that buttons send: an activated button with
/// [`Sends<M>`] writes its message.
pub fn sends<M: ButtonMessage>(app: &mut App) {
    app.add_message::<M>()
        .add_observer(send_when_activated::<M>)
        .add_observer(send_when_stepped::<M>);
}

/// The message a button writes when it is activated, given where the button
/// is spawned (see `widgets`).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Sends<M: ButtonMessage>(pub M);

/// What every button knows of its message, whatever its type.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ButtonInfo {
    /// The message as the dev log names it: `MenuRequest::OpenNewGame`,
    /// `SettingChange(Theme, 1)`.
    pub name: String,
    pub destructive: bool,
    /// Left/Right step its value (see [`ButtonMessage::stepped`]).
    pub steps: bool,
}

impl ButtonInfo {
    pub fn of<M: ButtonMessage>(message: &M) -> ButtonInfo {
        let debug = format!("{message:?}");
        let type_name = std::any::type_name::<M>();
        let short = type_name.rsplit("::").next().unwrap_or(type_name);
        // A struct's Debug names its type already; an enum's only the variant.
        let name = if debug.starts_with(short) {
            debug
        } else {
            format!("{short}::{debug}")
        };
        ButtonInfo {
            name,
            destructive: message.is_destructive(),
            steps: message.stepped(1).is_some(),
        }
    }
}

/// A button was activated: pressed with the mouse, or Enter or Space while
/// it had the keyboard's focus.
#[derive(EntityEvent, Clone, Copy, Debug)]
pub struct Activated {
    pub entity: Entity,
}

/// Left or Right (`dir` -1 or 1) on a focused button whose value steps.
#[derive(EntityEvent, Clone, Copy, Debug)]
pub struct Stepped {
    pub entity: Entity,
    pub dir: i8,
}

fn send_when_activated<M: ButtonMessage>(
    activated: On<Activated>,
    buttons: Query<&Sends<M>>,
    mut messages: MessageWriter<M>,
) {
    if let Ok(Sends(message)) = buttons.get(activated.entity) {
        messages.write(message.clone());
    }
}

fn send_when_stepped<M: ButtonMessage>(
    stepped: On<Stepped>,
    buttons: Query<&Sends<M>>,
    mut messages: MessageWriter<M>,
) {
    if let Some(message) = buttons
        .get(stepped.entity)
        .ok()
        .and_then(|Sends(m)| m.stepped(stepped.dir))
    {
        messages.write(message);
    }
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
    buttons: Query<(), (With<ButtonInfo>, Without<Disabled>)>,
    mut commands: Commands,
) {
    if press.button != PointerButton::Primary {
        return;
    }
    if buttons.contains(press.entity) {
        commands.trigger(Activated {
            entity: press.entity,
        });
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

/// The button a menu focuses when it opens, where that is not its first
/// safe one (How to play: the tab of the page it opens at).
#[derive(Component, Debug, Default, Clone, Copy)]
pub struct FirstFocus;

/// Arrows and Tab move the focus in reading order; Left/Right change a
/// cycling value; Enter or Space activates.
fn keyboard_navigation(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    buttons: Query<
        (
            Entity,
            &ButtonInfo,
            Option<&UiGlobalTransform>,
            Has<Disabled>,
            Has<FirstFocus>,
        ),
        With<Focusable>,
    >,
    parents: Query<&ChildOf>,
    children: Query<&Children>,
    layers: Query<(), With<MenuLayer>>,
    nodes: Query<&Node>,
    menu: Res<State<Menu>>,
    mut focused: ResMut<Focused>,
    mut commands: Commands,
) {
    let Some(keys) = keys else { return };
    let in_menu = *menu.get() != Menu::None;
    // A hidden row (one a game cannot use) is not a stop on the way.
    let hidden = |entity: Entity| {
        std::iter::once(entity)
            .chain(parents.iter_ancestors(entity))
            .any(|e| nodes.get(e).is_ok_and(|n| n.display == Display::None))
    };
    let mut order: Vec<_> = buttons
        .iter()
        .filter(|(entity, ..)| {
            (!in_menu
                || parents
                    .iter_ancestors(*entity)
                    .any(|ancestor| layers.contains(ancestor)))
                && !hidden(*entity)
        })
        .collect();
    if order.is_empty() {
        focused.0 = None;
        return;
    }
    // Reading order: top to bottom, then left to right on screen; where the
    // layout does not tell (no layout, as in headless tests), the order of
    // the UI tree.
    order.sort_by_cached_key(|(entity, _, transform, ..)| {
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
            .position(|(.., first)| *first)
            .or_else(|| order.iter().position(|(_, info, ..)| !info.destructive));
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
    let (entity, info, _, disabled, _) = order[i];
    let horizontal = if keys.just_pressed(KeyCode::ArrowLeft) {
        -1
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        1
    } else {
        0
    };
    if horizontal != 0 && info.steps {
        commands.trigger(Stepped {
            entity,
            dir: horizontal,
        });
    } else if horizontal != 0 {
        let n = order.len() as i32;
        focused.0 = Some(order[(i as i32 + horizontal as i32).rem_euclid(n) as usize].0);
    } else if keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space])
        && !disabled
    {
        commands.trigger(Activated { entity });
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
        With<ButtonInfo>,
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
