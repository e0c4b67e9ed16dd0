//! The cost model's replay of an animation: the tiles its frames would draw that the isolate's tile cache does not
//! hold, found by building the frames' scenes as the animation's `draw` does, or by asking the squares a replay of
//! the same diagram asked before.

use super::{shot_scene, Shot};
use crate::draw::indexed::tile_art::{Counted, NewTiles, TileQuery};
use crate::draw::layout::MarkPaint;
use crate::draw::scene::{Scene, Square};
use crate::options::render_options::RenderOptions;
use std::sync::{Arc, Mutex};

/// An animation's shots as the cost model replays them (`new_tiles`), with `key`, the text of what they show (the
/// board, the options, the moves and the format, as the cache key has them): the squares the replay asks the tile
/// cache for are then kept under it for the next request of the same key (`None`: not kept).
#[derive(Clone, Copy)]
pub struct Replay<'s, 'a> {
    /// The shots.
    pub shots: &'s [Shot<'a>],
    /// What they show, when the squares asked are to be kept.
    pub key: Option<&'s str>,
}

/// The squares a replay asked the tile cache for (each tile's first), by [`Replay::key`]: a function of the key, so
/// asking them again asks what replaying the scenes asks, without the scenes. At most [`ASKED_KEPT`] keys of at most
/// [`ASKED_KEY_BYTES`] bytes (about 6 KB of squares each for a game), emptied when full; looked through in order (a
/// hash table would be one more table's code in the wasm, for 64 entries).
type Asked = Arc<[(Square, Vec<MarkPaint>)]>;
static ASKED: Mutex<Vec<(String, Asked)>> = Mutex::new(Vec::new());

/// How many replays' squares are kept.
const ASKED_KEPT: usize = 64;

/// The longest key kept (a 93-move game's is about 600 bytes).
const ASKED_KEY_BYTES: usize = 4096;

/// The tiles drawing `replay`'s shots with `options` ([`super::draw`]) draws that the isolate's tile cache does not
/// hold ([`TileQuery`], their codes searched: the frames are coded from them): the first frame's squares, then each
/// later frame's squares whose look changed. An upper bound: a frame painted whole by the RGB painter draws none.
/// Replays the frames' scenes as [`super::draw`] makes them (patched, not built, a frame: about 3 µs a frame in V8), or
/// asks the squares a replay of the same key asked before ([`Replay::key`]): a hit, or a miss of a diagram this isolate
/// served before, asks its tiles without drawing a scene.
pub(crate) fn new_tiles(replay: Replay<'_, '_>, options: &RenderOptions) -> NewTiles {
    let key = replay.key.filter(|key| key.len() <= ASKED_KEY_BYTES);
    let kept = key.and_then(|key| {
        let asked = ASKED.lock().unwrap_or_else(|e| e.into_inner());
        asked.iter().find(|(kept, _)| kept == key).map(|(_, squares)| Arc::clone(squares))
    });
    let mut query = TileQuery::new(Counted::Coded);
    if let Some(kept) = kept {
        for (square, marks) in kept.iter() {
            query.ask(square, marks);
        }
        return query.done();
    }
    let squares = replay_scenes(replay.shots, options, &mut query);
    if let Some(key) = key {
        let mut asked = ASKED.lock().unwrap_or_else(|e| e.into_inner());
        if asked.len() >= ASKED_KEPT {
            asked.clear();
        }
        asked.push((key.to_owned(), squares.into()));
    }
    query.done()
}

/// Asks `query` for the tiles of `shots`' squares whose look changed from the shot before (every square of the
/// first) as [`super::draw`] shows them; returns the squares whose tile the query met first, in order.
fn replay_scenes(shots: &[Shot<'_>], options: &RenderOptions, query: &mut TileQuery) -> Vec<(Square, Vec<MarkPaint>)> {
    let mut shot_options = options.clone();
    let mut before: Option<(Scene, Vec<Vec<MarkPaint>>)> = None;
    let mut asked = Vec::new();
    for shot in shots {
        let scene = shot_scene(before.as_ref().map(|(scene, _)| scene), shot, &mut shot_options);
        let (marks, _) = scene.marks_by_square();
        let alike = before.as_ref().filter(|(b, _)| b.squares.len() == scene.squares.len());
        for (i, (square, m)) in scene.squares.iter().zip(&marks).enumerate() {
            let same = alike.is_some_and(|(b, b_marks)| {
                let old = &b.squares[i];
                old.rect == square.rect && old.paint == square.paint && old.sprite == square.sprite && b_marks[i] == *m
            });
            if !same && query.ask(square, m) {
                asked.push((square.clone(), m.clone()));
            }
        }
        before = Some((scene, marks));
    }
    asked
}
