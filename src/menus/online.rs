//! Play online: your name, an address (a friend's computer that hosts, or a
//! Lineup server) and a room code. Host a game here, open a room on a
//! server, or join a room. Typing goes to the highlighted field; Tab or a
//! click moves between fields, Enter joins. A room code is read as it is
//! typed (capitals, no spaces or dashes, look-alike letters as the code's).
//! The dialog says how the connection goes, and a failure stays on show
//! with what to check until it is dismissed; what was typed is kept.

use super::MenuRequest;
use crate::disk::Storage;
use crate::locale::Locale;
use crate::locale::terms;
use crate::online::{self, ConnectionNews, OnlineSession, Start};
use crate::settings::Settings;
use crate::states::{AppSystems, Menu};
use crate::theme::fonts::size;
use crate::theme::interaction::{ButtonInfo, Sends, Typed, Typing};
use crate::theme::paint::{Fill, Ink};
use crate::theme::palette::{Colour, Palette};
use crate::theme::widgets;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use lineup_client::connection::Target;
use lineup_client::session::Intent;
use lineup_core::match_clock::TimeControl;
use lineup_core::match_setup::GameKind;
use lineup_core::net::address::DEFAULT_PORT;
use lineup_core::net::names::is_blank;
use lineup_core::net::pairing::PairingSpec;
use lineup_core::net::protocol::{NAME_LIMIT, clean_name};
use lineup_core::net::{CodeError, Refusal, RoomCode};
use lineup_core::persist::identity_file;
use lineup_core::rules::{ConnectFourSize, GomokuSize, RuleSet, Side};
use std::ops::{Index, IndexMut};

/// The clock `--clock` chose: the online dialog's first choice.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ClockAtStart(pub TimeControl);

pub(super) fn plugin(app: &mut App) {
    crate::theme::interaction::sends::<DialogRequest>(app);
    app.add_message::<KeyboardInput>()
        .add_systems(OnEnter(Menu::Online), (prepare, spawn).chain())
        .add_systems(
            Update,
            (
                type_text.in_set(AppSystems::Input),
                (handle_requests, hear_news)
                    .chain()
                    .in_set(AppSystems::Apply),
                (show_fields, show_connection).in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::Online)),
        );
}

/// The dialog's buttons.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogRequest {
    /// Host a game on this computer (a friend joins with its address).
    HostHere,
    /// Open a room on the Lineup server at the address given.
    HostOnServer,
    /// Join the room whose code is given, at the address given.
    Join,
    /// Type into this field.
    EditField(Field),
    /// The next game a room can be opened for.
    CycleGame,
    /// The next time control.
    CycleClock,
    /// Wait on the server for any opponent of this game and clock.
    QuickPair,
    /// Watch the game in the room whose code is given.
    Watch,
    /// Open the lobby of the server at the address given (logged in).
    Lobby,
    /// Stop connecting.
    Cancel,
    /// Close the dialog's note of a failed connection.
    Dismiss,
}

impl crate::theme::interaction::ButtonMessage for DialogRequest {}

/// The dialog's text fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Field {
    #[default]
    Name,
    Address,
    Code,
}

impl Field {
    /// The fields in the order Tab goes through them.
    pub const ALL: [Field; 3] = [Field::Name, Field::Address, Field::Code];

    fn label(self) -> &'static str {
        match self {
            Field::Name => "online.name",
            Field::Address => "online.address",
            Field::Code => "online.code",
        }
    }

    /// How many characters the field takes.
    fn limit(self) -> usize {
        match self {
            Field::Name => NAME_LIMIT,
            Field::Address => 60,
            Field::Code => RoomCode::LEN,
        }
    }

    fn next(self) -> Field {
        match self {
            Field::Name => Field::Address,
            Field::Address => Field::Code,
            Field::Code => Field::Name,
        }
    }
}

/// What is typed in each field, in the order of [`Field::ALL`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormFields([String; 3]);

impl From<[String; 3]> for FormFields {
    fn from(texts: [String; 3]) -> FormFields {
        FormFields(texts)
    }
}

impl FormFields {
    /// The fields' texts in order.
    pub fn texts(&self) -> &[String; 3] {
        &self.0
    }
}

impl Index<Field> for FormFields {
    type Output = String;
    fn index(&self, field: Field) -> &String {
        &self.0[field as usize]
    }
}

impl IndexMut<Field> for FormFields {
    fn index_mut(&mut self, field: Field) -> &mut String {
        &mut self.0[field as usize]
    }
}

/// The games a room can be opened for.
const KINDS: [GameKind; 3] = [
    GameKind::ConnectFour {
        size: ConnectFourSize::STANDARD,
    },
    GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule: RuleSet::Renju,
    },
    GameKind::Gomoku {
        size: GomokuSize::STANDARD,
        rule: RuleSet::Freestyle,
    },
];

/// What is typed in the form, and what the dialog says. Kept for the whole
/// run: leaving the dialog and coming back (or a failed connection bringing
/// it back) finds the fields as they were.
#[derive(Resource, Debug, Default)]
pub struct OnlineForm {
    pub fields: FormFields,
    pub active: Field,
    /// The game chosen for a room, a pairing or a seek (one of `KINDS`).
    kind: GameKind,
    /// The clock of a room opened or a pairing asked for.
    pub clock: TimeControl,
    /// What is wrong with a field (a malformed address or code).
    pub problem: String,
    pub connection: Connection,
}

impl OnlineForm {
    /// The game chosen for a room, a pairing or a seek.
    pub fn kind(&self) -> GameKind {
        self.kind
    }
}

/// The connection the player asked for, as the dialog tells it.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Connection {
    #[default]
    Idle,
    /// Asked at this many seconds of the run, to `to`.
    Connecting { to: String, since: f32 },
    /// In the server's pairing queue since this many seconds of the run.
    Pairing { since: f32 },
    /// What went wrong, and what to check; on show until dismissed.
    Failed { what: String, check: String },
}

/// The connection's line in the dialog, its advice, and its buttons.
#[derive(Component)]
struct ConnectionLine;

#[derive(Component)]
struct ConnectionAdvice;

#[derive(Component)]
struct ConnectionButtons;

#[derive(Component)]
struct FieldText(Field);

#[derive(Component)]
struct FieldBox(Field);

#[derive(Component)]
struct FormProblemText;

#[derive(Component)]
struct KindText;

/// The widths of the game's and the clock's values: the longest of each,
/// in every language, fits on one line (the text tests look).
const KIND_WIDTH: f32 = 170.0;
const CLOCK_WIDTH: f32 = 90.0;
/// The Game and Clock buttons' width: with their values, the row fits
/// inside the dialog.
const CHOICE_BUTTON_WIDTH: f32 = 130.0;

#[derive(Component)]
struct ClockChoiceText;

fn prepare(
    mut commands: Commands,
    settings: Res<Settings>,
    clock_at_start: Option<Res<ClockAtStart>>,
    form: Option<ResMut<OnlineForm>>,
    session: Option<Res<OnlineSession>>,
) {
    // What was typed stays (the form is made once a run); a connection that
    // went on to a game is no longer "connecting", and a search the server
    // has ended (a player found, a game played) is no longer shown.
    if let Some(mut form) = form {
        let queued = session.as_ref().is_some_and(|s| s.client().is_queued());
        let stale = match form.connection {
            Connection::Connecting { .. } => session.is_none(),
            Connection::Pairing { .. } => !queued,
            Connection::Idle | Connection::Failed { .. } => false,
        };
        if stale {
            form.connection = Connection::Idle;
        }
        return;
    }
    let kind = settings
        .last_setup
        .map(|s| s.kind)
        .filter(|kind| KINDS.contains(kind))
        .unwrap_or(KINDS[0]);
    commands.insert_resource(OnlineForm {
        fields: FormFields([
            settings.player_name.clone(),
            settings.online_address.clone(),
            String::new(),
        ]),
        active: if settings.online_address.is_empty() {
            Field::Address
        } else {
            Field::Code
        },
        kind,
        clock: clock_at_start
            .map(|c| c.0)
            .or(settings.last_setup.map(|s| s.clock))
            .unwrap_or_default(),
        problem: String::new(),
        connection: Connection::Idle,
    });
}

fn field(field: Field) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(14),
            ..default()
        },
        children![
            (
                Node {
                    width: px(150),
                    ..default()
                },
                children![widgets::label(field.label())],
            ),
            (
                FieldBox(field),
                Button,
                ButtonInfo::of(&DialogRequest::EditField(field)),
                Sends(DialogRequest::EditField(field)),
                Node {
                    width: px(400),
                    // An empty field keeps its height.
                    min_height: px(46),
                    align_items: AlignItems::Center,
                    padding: UiRect::axes(px(14), px(8)),
                    border: UiRect::all(px(2)),
                    border_radius: BorderRadius::all(px(8)),
                    ..default()
                },
                Fill(Colour::Background),
                BorderColor::default(),
                children![(
                    FieldText(field),
                    Text::new(""),
                    TextFont::from_font_size(size::BODY),
                    Ink(Colour::Text),
                    Pickable::IGNORE,
                )],
            ),
        ],
    )
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        widgets::overlay("Play online", true),
        DespawnOnExit(Menu::Online),
        children![(
            widgets::panel(700.0),
            children![
                widgets::title("online.title", size::TITLE),
                field(Field::Name),
                field(Field::Address),
                field(Field::Code),
                widgets::dim_label("online.address_help"),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Center,
                        column_gap: px(14),
                        ..default()
                    },
                    children![
                        widgets::sized_button(
                            "online.game",
                            DialogRequest::CycleGame,
                            CHOICE_BUTTON_WIDTH,
                            42.0,
                            size::BODY
                        ),
                        // Each value in a box of its own width, so that a
                        // longer one moves neither button.
                        (
                            KindText,
                            widgets::label(String::new()),
                            widgets::OwnLines,
                            Node {
                                width: px(KIND_WIDTH),
                                ..default()
                            },
                        ),
                        widgets::sized_button(
                            "online.clock",
                            DialogRequest::CycleClock,
                            CHOICE_BUTTON_WIDTH,
                            42.0,
                            size::BODY
                        ),
                        (
                            ClockChoiceText,
                            widgets::label(String::new()),
                            widgets::OwnLines,
                            Node {
                                width: px(CLOCK_WIDTH),
                                ..default()
                            },
                        ),
                    ],
                ),
                // Mouse buttons: the keys are for typing.
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::mouse_button("online.host_here", DialogRequest::HostHere),
                        widgets::mouse_button("online.host_on_server", DialogRequest::HostOnServer),
                    ],
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::mouse_button("online.join", DialogRequest::Join),
                        widgets::mouse_button("online.watch", DialogRequest::Watch),
                    ],
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::mouse_button("online.quick_pair", DialogRequest::QuickPair),
                        widgets::mouse_button("online.lobby", DialogRequest::Lobby),
                    ],
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![widgets::mouse_button("common.back", MenuRequest::Back)],
                ),
                (
                    FormProblemText,
                    Text::new(""),
                    TextFont::from_font_size(size::SMALL),
                    Ink(Colour::Warning),
                    TextLayout::justify(Justify::Center),
                ),
                (
                    ConnectionLine,
                    Text::new(""),
                    TextFont::from_font_size(size::BODY),
                    Ink(Colour::Accent),
                    TextLayout::justify(Justify::Center),
                ),
                (
                    ConnectionAdvice,
                    Text::new(""),
                    TextFont::from_font_size(size::SMALL),
                    Ink(Colour::Text),
                    TextLayout::justify(Justify::Center),
                ),
                (
                    ConnectionButtons,
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        display: Display::None,
                        ..default()
                    },
                    Visibility::Hidden,
                    children![
                        widgets::mouse_button("online.cancel", DialogRequest::Cancel),
                        widgets::mouse_button("online.dismiss", DialogRequest::Dismiss),
                    ],
                ),
                widgets::dim_label("online.keys"),
            ],
        )],
    ));
}

/// Typing edits the active field; Tab moves on; Enter joins (or, under
/// a failure, is OK).
fn type_text(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: Local<Typing>,
    mut form: ResMut<OnlineForm>,
    mut requests: MessageWriter<DialogRequest>,
) {
    for key in keys.read() {
        let active = form.active;
        match typing.key(key, &mut form.fields[active], active.limit()) {
            Typed::Tab => form.active = active.next(),
            // Enter is the dialog's button of the moment: Join, or OK
            // under a failure; nothing while connecting.
            Typed::Enter => match form.connection {
                Connection::Idle => {
                    requests.write(DialogRequest::Join);
                }
                Connection::Failed { .. } => {
                    requests.write(DialogRequest::Dismiss);
                }
                Connection::Connecting { .. } | Connection::Pairing { .. } => {}
            },
            Typed::Edited => {
                if active == Field::Code {
                    form.fields[Field::Code] = RoomCode::normalise(&form.fields[Field::Code]);
                }
                form.problem.clear();
            }
            Typed::Nothing => {}
        }
    }
}

fn show_fields(
    form: Res<OnlineForm>,
    locale: Res<Locale>,
    palette: Res<Palette>,
    time: Res<Time<Real>>,
    mut texts: Query<
        (&FieldText, &mut Text),
        (
            Without<FormProblemText>,
            Without<KindText>,
            Without<ClockChoiceText>,
        ),
    >,
    mut boxes: Query<(&FieldBox, &mut BorderColor)>,
    mut problem: Single<
        &mut Text,
        (
            With<FormProblemText>,
            Without<KindText>,
            Without<ClockChoiceText>,
        ),
    >,
    mut kind: Single<
        &mut Text,
        (
            With<KindText>,
            Without<FormProblemText>,
            Without<ClockChoiceText>,
        ),
    >,
    mut clock: Single<
        &mut Text,
        (
            With<ClockChoiceText>,
            Without<FormProblemText>,
            Without<KindText>,
        ),
    >,
) {
    let caret = if time.elapsed_secs().fract() < 0.5 {
        "|"
    } else {
        " "
    };
    for (field, mut text) in &mut texts {
        let mut shown = form.fields[field.0].clone();
        if field.0 == form.active {
            shown.push_str(caret);
        }
        if text.0 != shown {
            text.0 = shown;
        }
    }
    for (field, mut border) in &mut boxes {
        let colour = if field.0 == form.active {
            palette.accent
        } else {
            palette.panel_border
        };
        border.set_if_neq(BorderColor::all(colour));
    }
    if problem.0 != form.problem {
        problem.0 = form.problem.clone();
    }
    let title = terms::game_title(&locale, form.kind);
    if kind.0 != title {
        kind.0 = title;
    }
    let control = terms::time_control(&locale, form.clock);
    if clock.0 != control {
        clock.0 = control;
    }
}

fn handle_requests(
    mut commands: Commands,
    storage: Res<Storage>,
    mut next_menu: ResMut<NextState<Menu>>,
    mut requests: MessageReader<DialogRequest>,
    mut form: ResMut<OnlineForm>,
    mut settings: ResMut<Settings>,
    locale: Res<Locale>,
    time: Res<Time<Real>>,
) {
    for request in requests.read() {
        match *request {
            DialogRequest::EditField(field) => form.active = field,
            DialogRequest::CycleGame => {
                let at = KINDS.iter().position(|k| *k == form.kind).unwrap_or(0);
                form.kind = KINDS[(at + 1) % KINDS.len()];
            }
            DialogRequest::CycleClock => form.clock = form.clock.next(),
            DialogRequest::Cancel => {
                form.connection = Connection::Idle;
                commands.queue(online::stop);
            }
            DialogRequest::Dismiss => form.connection = Connection::Idle,
            DialogRequest::HostHere
            | DialogRequest::HostOnServer
            | DialogRequest::Join
            | DialogRequest::Watch
            | DialogRequest::QuickPair
            | DialogRequest::Lobby => match what_to_start(*request, &form, &storage, &locale) {
                Ok(start) => {
                    remember(&start.name, &form, &mut settings);
                    connect(&mut commands, &mut form, start, &mut next_menu, &time);
                }
                Err(Unfit { problem, field }) => {
                    form.problem = problem;
                    if let Some(field) = field {
                        form.active = field;
                    }
                }
            },
        }
    }
}

/// Why the form can't start what was asked, and the field to fix.
struct Unfit {
    problem: String,
    field: Option<Field>,
}

/// The session a button of the dialog asks for, from what is typed.
fn what_to_start(
    request: DialogRequest,
    form: &OnlineForm,
    storage: &Storage,
    locale: &Locale,
) -> Result<Start, Unfit> {
    let unfit = |problem: String, field| Unfit { problem, field };
    // A name with nothing visible in it is refused here, never sent as the
    // guests' "Player": a logged-in player's account would be renamed, or
    // refused by the server with a reason that names no field.
    if is_blank(&form.fields[Field::Name]) {
        return Err(unfit(
            locale.t("online.name_needed").to_string(),
            Some(Field::Name),
        ));
    }
    let name = clean_name(&form.fields[Field::Name]);
    let host = Intent::Host {
        kind: form.kind,
        side: Side::First,
        clock: form.clock,
    };
    if request == DialogRequest::HostHere {
        return Ok(Start::new(None, &name, host));
    }
    let server = Target::parse(&form.fields[Field::Address])
        .map_err(|problem| unfit(problem, Some(Field::Address)))?;
    let session = |intent| Start::new(Some(server.clone()), &name, intent);
    let code = || {
        RoomCode::parse(&form.fields[Field::Code])
            .map_err(|problem| unfit(code_problem(locale, &problem), Some(Field::Code)))
    };
    Ok(match request {
        DialogRequest::Join => session(Intent::join(code()?).map_err(|problem| {
            unfit(
                locale.f("online.no_secret", &[("problem", &problem.to_string())]),
                None,
            )
        })?),
        DialogRequest::Watch => session(Intent::Watch(code()?)),
        DialogRequest::QuickPair | DialogRequest::Lobby => {
            // The player's key, made on first use, signs the login.
            let identity = match storage.folders.as_ref() {
                Some(folders) => identity_file::load_or_make(&folders.identity_file()),
                None => Err("no data folder".to_string()),
            }
            .map_err(|problem| {
                unfit(
                    locale.f("online.no_identity", &[("problem", &problem)]),
                    None,
                )
            })?;
            let intent = if request == DialogRequest::Lobby {
                Intent::Lobby
            } else {
                Intent::QuickPair(PairingSpec {
                    kind: form.kind,
                    clock: form.clock,
                })
            };
            session(intent).with_identity(identity)
        }
        _ => session(host),
    })
}

/// The name (as cleaned for the session) and address, remembered for next
/// time.
fn remember(name: &str, form: &OnlineForm, settings: &mut Settings) {
    if settings.player_name != name || settings.online_address != form.fields[Field::Address] {
        settings.player_name = name.to_string();
        settings.online_address = form.fields[Field::Address].trim().to_string();
    }
}

/// Starts the session, the dialog saying how it goes (the lobby says it
/// itself).
fn connect(
    commands: &mut Commands,
    form: &mut OnlineForm,
    start: Start,
    next_menu: &mut NextState<Menu>,
    time: &Time<Real>,
) {
    form.problem.clear();
    let to_lobby = start.intent == Intent::Lobby;
    if to_lobby {
        next_menu.set(Menu::Lobby);
    }
    form.connection = match &start.server {
        Some(_) if to_lobby => Connection::Idle,
        Some(server) => Connection::Connecting {
            to: server.to_string(),
            since: time.elapsed_secs(),
        },
        None => Connection::Idle,
    };
    commands.queue(move |world: &mut World| {
        if let Err(problem) = online::start(world, start, DEFAULT_PORT) {
            let mut form = world.resource_mut::<OnlineForm>();
            form.connection = Connection::Idle;
            form.problem = problem;
        }
    });
}

/// A room code's problem in words: what was typed, and what codes are.
fn code_problem(locale: &Locale, problem: &CodeError) -> String {
    match problem {
        CodeError::Length(n) => {
            locale.f("online.code_length", &[("len", &RoomCode::LEN), ("n", n)])
        }
        CodeError::Character(c) => locale.f("online.code_character", &[("c", c)]),
    }
}

/// A connection that failed is told in the dialog, with what to check.
fn hear_news(
    mut news: MessageReader<ConnectionNews>,
    mut form: ResMut<OnlineForm>,
    locale: Res<Locale>,
    time: Res<Time<Real>>,
) {
    for item in news.read() {
        let (what, check) = match item {
            ConnectionNews::Unreachable { server } => (
                locale.f("online.failed_unreachable", &[("server", server)]),
                locale.f("online.check_unreachable", &[("port", &server.port())]),
            ),
            ConnectionNews::Refused(Refusal::NoSuchRoom(code)) => (
                locale.f("online.failed_no_room", &[("code", code)]),
                locale.t("online.check_code").to_string(),
            ),
            ConnectionNews::Refused(Refusal::RoomFull(code)) => (
                locale.f("online.failed_full", &[("code", code)]),
                locale.t("online.check_code").to_string(),
            ),
            ConnectionNews::Refused(other) => (
                locale.f("online.refused", &[("reason", other)]),
                String::new(),
            ),
            ConnectionNews::Queued => {
                form.connection = Connection::Pairing {
                    since: time.elapsed_secs(),
                };
                continue;
            }
        };
        form.connection = Connection::Failed { what, check };
    }
}

/// The connection's line: connecting (with the seconds so far) and Cancel,
/// or what failed, what to check, and OK.
fn show_connection(
    form: Res<OnlineForm>,
    locale: Res<Locale>,
    time: Res<Time<Real>>,
    mut line: Single<&mut Text, (With<ConnectionLine>, Without<ConnectionAdvice>)>,
    mut advice: Single<&mut Text, (With<ConnectionAdvice>, Without<ConnectionLine>)>,
    buttons: Single<(&mut Node, &mut Visibility), With<ConnectionButtons>>,
    mut choices: Query<
        (&Sends<DialogRequest>, &mut Node, &mut Visibility),
        Without<ConnectionButtons>,
    >,
) {
    let (said, checks, shown) = match &form.connection {
        Connection::Idle => (String::new(), String::new(), None),
        Connection::Connecting { to, since } => (
            locale.f(
                "online.connecting_to",
                &[
                    ("server", to),
                    ("seconds", &((time.elapsed_secs() - since).max(0.0) as u32)),
                ],
            ),
            String::new(),
            Some(DialogRequest::Cancel),
        ),
        Connection::Pairing { since } => (
            format!(
                "{} {} s",
                locale.t("online.pairing"),
                (time.elapsed_secs() - since).max(0.0) as u32
            ),
            String::new(),
            Some(DialogRequest::Cancel),
        ),
        Connection::Failed { what, check } => {
            (what.clone(), check.clone(), Some(DialogRequest::Dismiss))
        }
    };
    if line.0 != said {
        line.0 = said;
    }
    if advice.0 != checks {
        advice.0 = checks;
    }
    let (node, visibility) = buttons.into_inner();
    widgets::set_shown(node, visibility, shown.is_some());
    for (Sends(request), node, visibility) in &mut choices {
        if matches!(request, DialogRequest::Cancel | DialogRequest::Dismiss) {
            widgets::set_shown(node, visibility, shown == Some(*request));
        }
    }
}
