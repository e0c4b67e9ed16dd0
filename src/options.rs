//! Layer 4, the options: how a diagram is to look. [`RenderOptions`](render_options::RenderOptions) with its query
//! parameters and canonical form, the look values ([`look`]), a printed problem's furniture ([`furniture`]), the
//! language and form of its words ([`language`]), the
//! themes ([`theme`]) and the one error type of them all ([`error`]). Built on the notation layer only.

pub mod charset;
pub mod error;
pub mod furniture;
pub mod language;
pub mod look;
pub mod params;
pub mod piece_set;
pub mod render_options;
pub mod theme;
