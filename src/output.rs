//! Layer 7, the outputs: what a request asks for, drawn and encoded. The formats and their painters ([`format`]),
//! animations along moves ([`animation`]), lila-gif's game between its players' bars ([`game`]), the CPU a request
//! is predicted to cost ([`cost`]), and the one pipeline from what is asked to what is drawn ([`pipeline`]), the
//! Worker's and the CLI's. Built on the drawing, the words and the encoders.

pub mod animation;
pub mod cost;
pub mod format;
pub mod game;
pub mod pipeline;
