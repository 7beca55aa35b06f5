//! Play online: your name, an address (a friend's computer that hosts, or a
//! Lineup server) and a room code. Host a game here, open a room on a
//! server, or join a room. Typing goes to the highlighted field; Tab or a
//! click moves between fields, Enter joins.

use super::MenuRequest;
use crate::locale::Locale;
use crate::locale::terms;
use crate::online::OnlineRequest;
use crate::online::client::{self, Intent, OnlineSession};
use crate::settings::Settings;
use crate::states::{AppSystems, Menu};
use crate::theme::fonts::size;
use crate::theme::interaction::{ButtonInfo, Sends, Typed, Typing};
use crate::theme::paint::{Fill, Ink};
use crate::theme::palette::{Colour, Palette};
use crate::theme::widgets;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use lineup_core::match_setup::GameKind;
use lineup_core::net::RoomCode;
use lineup_core::net::address::{DEFAULT_PORT, parse_address};
use lineup_core::net::protocol::{NAME_LIMIT, clean_name};
use lineup_core::rules::{ConnectFourSize, RuleSet, Side};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<KeyboardInput>()
        .add_systems(OnEnter(Menu::Online), (prepare, spawn).chain())
        .add_systems(
            Update,
            (
                type_text.in_set(AppSystems::Input),
                handle_requests.in_set(AppSystems::Apply),
                show_fields.in_set(AppSystems::Present),
            )
                .run_if(in_state(Menu::Online)),
        );
}

const NAME: usize = 0;
const ADDRESS: usize = 1;
const CODE: usize = 2;
const LABELS: [&str; 3] = ["online.name", "online.address", "online.code"];
const LIMITS: [usize; 3] = [NAME_LIMIT, 60, RoomCode::LEN];

/// The games a room can be opened for.
const KINDS: [GameKind; 3] = [
    GameKind::ConnectFour {
        size: ConnectFourSize::STANDARD,
    },
    GameKind::Gomoku {
        size: 15,
        rule: RuleSet::Renju,
    },
    GameKind::Gomoku {
        size: 15,
        rule: RuleSet::Freestyle,
    },
];

/// What is typed in the form.
#[derive(Resource, Debug, Default)]
pub struct OnlineForm {
    pub fields: [String; 3],
    pub active: usize,
    pub kind: usize,
    pub problem: String,
}

#[derive(Component)]
struct FieldText(usize);

#[derive(Component)]
struct FieldBox(usize);

#[derive(Component)]
struct FormProblemText;

#[derive(Component)]
struct KindText;

fn prepare(mut commands: Commands, settings: Res<Settings>) {
    let kind = settings
        .last_setup
        .and_then(|s| KINDS.iter().position(|k| *k == s.kind))
        .unwrap_or(0);
    commands.insert_resource(OnlineForm {
        fields: [
            settings.player_name.clone(),
            settings.online_address.clone(),
            String::new(),
        ],
        active: if settings.online_address.is_empty() {
            ADDRESS
        } else {
            CODE
        },
        kind,
        problem: String::new(),
    });
}

fn field(index: usize) -> impl Bundle {
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
                children![widgets::label(LABELS[index])],
            ),
            (
                FieldBox(index),
                Button,
                ButtonInfo::of(&OnlineRequest::EditField(index as u8)),
                Sends(OnlineRequest::EditField(index as u8)),
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
                    FieldText(index),
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
                field(NAME),
                field(ADDRESS),
                field(CODE),
                widgets::dim_label("online.address_help"),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        align_items: AlignItems::Center,
                        column_gap: px(14),
                        ..default()
                    },
                    children![
                        widgets::mouse_button("online.game", OnlineRequest::CycleGame),
                        (KindText, widgets::label(String::new())),
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
                        widgets::mouse_button("online.host_here", OnlineRequest::HostHere),
                        widgets::mouse_button("online.host_on_server", OnlineRequest::HostOnServer),
                    ],
                ),
                (
                    Node {
                        flex_direction: FlexDirection::Row,
                        column_gap: px(12),
                        ..default()
                    },
                    children![
                        widgets::mouse_button("online.join", OnlineRequest::Join),
                        widgets::mouse_button("common.back", MenuRequest::Back),
                    ],
                ),
                (
                    FormProblemText,
                    Text::new(""),
                    TextFont::from_font_size(size::SMALL),
                    Ink(Colour::Warning),
                    TextLayout::justify(Justify::Center),
                ),
                widgets::dim_label("online.keys"),
            ],
        )],
    ));
}

/// Typing edits the active field; Tab moves on; Enter joins.
fn type_text(
    mut keys: MessageReader<KeyboardInput>,
    mut typing: Local<Typing>,
    mut form: ResMut<OnlineForm>,
    mut requests: MessageWriter<OnlineRequest>,
) {
    for key in keys.read() {
        let active = form.active;
        match typing.key(key, &mut form.fields[active], LIMITS[active]) {
            Typed::Tab => form.active = (active + 1) % form.fields.len(),
            Typed::Enter => {
                requests.write(OnlineRequest::Join);
            }
            Typed::Nothing | Typed::Edited => {}
        }
    }
}

fn show_fields(
    form: Res<OnlineForm>,
    locale: Res<Locale>,
    palette: Res<Palette>,
    time: Res<Time<Real>>,
    mut texts: Query<(&FieldText, &mut Text), (Without<FormProblemText>, Without<KindText>)>,
    mut boxes: Query<(&FieldBox, &mut BorderColor)>,
    mut problem: Single<&mut Text, (With<FormProblemText>, Without<KindText>)>,
    mut kind: Single<&mut Text, (With<KindText>, Without<FormProblemText>)>,
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
    let title = terms::game_title(&locale, KINDS[form.kind]);
    if kind.0 != title {
        kind.0 = title;
    }
}

fn handle_requests(
    mut commands: Commands,
    mut requests: MessageReader<OnlineRequest>,
    mut form: ResMut<OnlineForm>,
    mut settings: ResMut<Settings>,
    locale: Res<Locale>,
) {
    for request in requests.read() {
        let name = clean_name(&form.fields[NAME]);
        let kind = KINDS[form.kind];
        let host = Intent::Host {
            kind,
            side: Side::First,
        };
        let session = match *request {
            OnlineRequest::EditField(i) => {
                form.active = usize::from(i).min(CODE);
                continue;
            }
            OnlineRequest::CycleGame => {
                form.kind = (form.kind + 1) % KINDS.len();
                continue;
            }
            OnlineRequest::HostHere => OnlineSession::new(None, &name, host),
            OnlineRequest::HostOnServer | OnlineRequest::Join => {
                let server = match parse_address(&form.fields[ADDRESS]) {
                    Ok(address) => address,
                    Err(problem) => {
                        form.problem = problem;
                        form.active = ADDRESS;
                        continue;
                    }
                };
                let intent = if *request == OnlineRequest::Join {
                    match RoomCode::parse(&form.fields[CODE]) {
                        Ok(code) => Intent::Join(code),
                        Err(problem) => {
                            form.problem = locale.f("online.bad_code", &[("problem", &problem)]);
                            form.active = CODE;
                            continue;
                        }
                    }
                } else {
                    host
                };
                OnlineSession::new(Some(server), &name, intent)
            }
            // The in-game answers to an undo request (`online::status`).
            OnlineRequest::AllowUndo | OnlineRequest::RefuseUndo => continue,
        };
        // Remembered for next time.
        if settings.player_name != name || settings.online_address != form.fields[ADDRESS] {
            settings.player_name = name;
            settings.online_address = form.fields[ADDRESS].trim().to_string();
        }
        form.problem = locale.t("online.connecting").into();
        commands.queue(move |world: &mut World| {
            if let Err(problem) = client::start(world, session, DEFAULT_PORT) {
                world.resource_mut::<OnlineForm>().problem = problem;
            }
        });
    }
}
