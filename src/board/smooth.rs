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
const SEGMENTS: u32 = 24;

/// A white disc (its material gives the colour).
pub fn disc(radius: f32) -> Mesh {
    Layers::default().disc(radius, Color::WHITE).build()
}

/// A ring from `inner` to `outer` radius, soft on both edges.
pub fn ring(inner: f32, outer: f32) -> Mesh {
    Layers::default().ring(inner, outer, Color::WHITE).build()
}

/// Shapes painted one over another, in order, into one mesh with their
/// colours in its vertices: a whole disc (body, rim, ridge, highlight) is
/// one draw, and every disc of a colour shares it, so a full board costs a
/// couple of draws instead of hundreds.
#[derive(Default)]
pub struct Layers {
    shape: MeshData,
}

impl Layers {
    /// A filled ellipse centred at `centre`, turned by `angle` radians.
    pub fn ellipse(mut self, centre: Vec2, a: f32, b: f32, angle: f32, colour: Color) -> Self {
        let m = &mut self.shape;
        let rotation = Vec2::from_angle(angle);
        let centre_vertex = m.vertex(centre, colour, 1.0);
        let inner = m.ring(centre, rotation, a, b, colour, 1.0);
        let outer = m.ring(centre, rotation, a + FEATHER, b + FEATHER, colour, 0.0);
        for i in 0..SEGMENTS {
            let j = (i + 1) % SEGMENTS;
            m.triangle(centre_vertex, inner + i, inner + j);
        }
        m.band(inner, outer);
        self
    }

    pub fn disc(self, radius: f32, colour: Color) -> Self {
        self.ellipse(Vec2::ZERO, radius, radius, 0.0, colour)
    }

    /// A ring from `inner` to `outer` radius about the origin.
    pub fn ring(mut self, inner: f32, outer: f32, colour: Color) -> Self {
        let m = &mut self.shape;
        let (o, r) = (Vec2::ZERO, Vec2::X);
        let fade_in = m.ring(o, r, inner - FEATHER, inner - FEATHER, colour, 0.0);
        let a = m.ring(o, r, inner, inner, colour, 1.0);
        let b = m.ring(o, r, outer, outer, colour, 1.0);
        let fade_out = m.ring(o, r, outer + FEATHER, outer + FEATHER, colour, 0.0);
        m.band(fade_in, a);
        m.band(a, b);
        m.band(b, fade_out);
        self
    }

    pub fn build(self) -> Mesh {
        self.shape.build()
    }
}

#[derive(Default)]
struct MeshData {
    positions: Vec<[f32; 3]>,
    colours: Vec<[f32; 4]>,
    indices: Vec<u32>,
}

impl MeshData {
    /// A vertex of `colour` with its alpha times `alpha`.
    fn vertex(&mut self, at: Vec2, colour: Color, alpha: f32) -> u32 {
        let c = colour.to_linear();
        self.positions.push([at.x, at.y, 0.0]);
        self.colours.push([c.red, c.green, c.blue, c.alpha * alpha]);
        self.positions.len() as u32 - 1
    }

    /// `SEGMENTS` vertices around an ellipse about `centre`, turned by
    /// `rotation`; the first one's index.
    fn ring(
        &mut self,
        centre: Vec2,
        rotation: Vec2,
        a: f32,
        b: f32,
        colour: Color,
        alpha: f32,
    ) -> u32 {
        let first = self.positions.len() as u32;
        for i in 0..SEGMENTS {
            let angle = i as f32 / SEGMENTS as f32 * std::f32::consts::TAU;
            let at = centre + rotation.rotate(Vec2::new(a * angle.cos(), b * angle.sin()));
            self.vertex(at, colour, alpha);
        }
        first
    }

    fn triangle(&mut self, a: u32, b: u32, c: u32) {
        self.indices.extend([a, b, c]);
    }

    /// Quads between two rings made by [`MeshData::ring`].
    fn band(&mut self, from: u32, to: u32) {
        for i in 0..SEGMENTS {
            let j = (i + 1) % SEGMENTS;
            self.triangle(from + i, to + i, to + j);
            self.triangle(from + i, to + j, from + j);
        }
    }

    fn build(self) -> Mesh {
        flat_mesh(self.positions, self.colours, self.indices)
    }
}

/// A flat mesh of triangles with a colour at each vertex (linear RGBA):
/// what every shape of the boards is made of.
pub fn flat_mesh(positions: Vec<[f32; 3]>, colours: Vec<[f32; 4]>, indices: Vec<u32>) -> Mesh {
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
    .with_inserted_indices(Indices::U32(indices))
}

/// A material for these shapes: blended, so the fading band fades.
pub fn material(colour: Color) -> ColorMaterial {
    ColorMaterial {
        color: colour,
        alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
        ..default()
    }
}
