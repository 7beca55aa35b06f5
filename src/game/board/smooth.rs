//! Round shapes with soft edges. The camera draws without multisampling
//! (it costs a software renderer four times the work), so each shape here
//! carries its own anti-aliasing: a thin outer band whose vertex alpha
//! fades from 1 to 0 over about a pixel. The material's colour is
//! multiplied by the vertex colour, so any `ColorMaterial` works.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// The width of the fading band, in board units (a pixel at the design
/// size).
pub const FEATHER: f32 = 1.2;
const SEGMENTS: u32 = 64;

/// A filled ellipse of half-axes `a` × `b`; a disc when they are equal.
pub fn ellipse(a: f32, b: f32) -> Mesh {
    let mut mesh = Shape::default();
    let centre = mesh.vertex(Vec2::ZERO, 1.0);
    let inner = mesh.ring(a, b, 1.0);
    let outer = mesh.ring(a + FEATHER, b + FEATHER, 0.0);
    for i in 0..SEGMENTS {
        let j = (i + 1) % SEGMENTS;
        mesh.triangle(centre, inner + i, inner + j);
    }
    mesh.band(inner, outer);
    mesh.build()
}

pub fn disc(radius: f32) -> Mesh {
    ellipse(radius, radius)
}

/// A ring from `inner` to `outer` radius, soft on both edges.
pub fn ring(inner: f32, outer: f32) -> Mesh {
    let mut mesh = Shape::default();
    let fade_in = mesh.ring(inner - FEATHER, inner - FEATHER, 0.0);
    let a = mesh.ring(inner, inner, 1.0);
    let b = mesh.ring(outer, outer, 1.0);
    let fade_out = mesh.ring(outer + FEATHER, outer + FEATHER, 0.0);
    mesh.band(fade_in, a);
    mesh.band(a, b);
    mesh.band(b, fade_out);
    mesh.build()
}

#[derive(Default)]
struct Shape {
    positions: Vec<[f32; 3]>,
    colours: Vec<[f32; 4]>,
    indices: Vec<u32>,
}

impl Shape {
    fn vertex(&mut self, at: Vec2, alpha: f32) -> u32 {
        self.positions.push([at.x, at.y, 0.0]);
        self.colours.push([1.0, 1.0, 1.0, alpha]);
        self.positions.len() as u32 - 1
    }

    /// `SEGMENTS` vertices around an ellipse; the first one's index.
    fn ring(&mut self, a: f32, b: f32, alpha: f32) -> u32 {
        let first = self.positions.len() as u32;
        for i in 0..SEGMENTS {
            let angle = i as f32 / SEGMENTS as f32 * std::f32::consts::TAU;
            self.vertex(Vec2::new(a * angle.cos(), b * angle.sin()), alpha);
        }
        first
    }

    fn triangle(&mut self, a: u32, b: u32, c: u32) {
        self.indices.extend([a, b, c]);
    }

    /// Quads between two rings made by [`Shape::ring`].
    fn band(&mut self, from: u32, to: u32) {
        for i in 0..SEGMENTS {
            let j = (i + 1) % SEGMENTS;
            self.triangle(from + i, to + i, to + j);
            self.triangle(from + i, to + j, from + j);
        }
    }

    fn build(self) -> Mesh {
        let count = self.positions.len();
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.colours)
        .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// A material for these shapes: blended, so the fading band fades.
pub fn material(colour: Color) -> ColorMaterial {
    ColorMaterial {
        color: colour,
        alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
        ..default()
    }
}
