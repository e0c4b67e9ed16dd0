//! A parameter declared once is everywhere the tables reach: a throwaway `stripes` (stored where `borders` is, but
//! named, keyed, linked and flagged as itself, and not declared palette-safe) in a table of its own, the real one
//! with `borders` swapped for it, is drawn by the generators of the property and parity tests, has its CLI flag in
//! the usage, its segment in the cache key when it is not at its default, and sends a diagram to the RGB painter.

mod common;

use common::generate::arb_pairs_of;
use ffen_diagram::params::{
    canonical_with, keeping_with, palette_draws, read, usage_of, Changes, Cli, Idle, PaletteSafe, Param, OPTION_PARAMS,
    POSITION_PARAMS,
};
use ffen_diagram::RenderOptions;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

/// The one declaration: nothing else is edited for it.
const STRIPES: Param<RenderOptions> = Param {
    name: "stripes",
    aliases: &[],
    required: false,
    cli: Cli::Switch,
    values: "as `flip`",
    default: "off",
    about: "a throwaway",
    read: |o, v| {
        o.borders = matches!(v.trim(), "" | "1");
        Ok(())
    },
    link: |o| o.borders.then(|| "1".to_string()),
    key: |o| o.borders.then(|| "stripes".to_string()),
    reset: |o| o.borders = false,
    changes: Changes::PICTURE,
    idle: Idle::Never,
    palette: PaletteSafe::Never,
    samples: &["1"],
};

/// [`OPTION_PARAMS`] with `borders` swapped for [`STRIPES`].
fn table() -> &'static [Param<RenderOptions>] {
    let table: Vec<Param<RenderOptions>> =
        OPTION_PARAMS.iter().map(|p| if p.name == "borders" { STRIPES } else { *p }).collect();
    table.leak()
}

#[test]
fn a_new_declaration_is_everywhere_the_tables_reach() {
    let table = table();
    // The generators draw it.
    let mut runner = TestRunner::deterministic();
    let strategy = arb_pairs_of(table, 0.99);
    let pairs = strategy.new_tree(&mut runner).expect("pairs").current();
    assert!(pairs.contains(&("stripes", "1".to_string())), "{pairs:?}");
    assert!(!pairs.iter().any(|(k, _)| *k == "borders"), "{pairs:?}");
    // The CLI has its flag.
    assert_eq!(STRIPES.flag(), "--stripes");
    assert!(usage_of(&POSITION_PARAMS, table, 4, 100).contains("[--stripes]"));
    // The cache key has its segment, not at its default; an output of the picture keeps it, the words do not.
    let mut options = RenderOptions::default();
    assert_eq!(canonical_with(table, &options), "s40.f0.c0.gray");
    read(table, &mut options, &[("stripes", "1")]).unwrap();
    assert_eq!(canonical_with(table, &options), "s40.f0.c0.gray.stripes");
    assert_eq!(canonical_with(table, &keeping_with(table, &options, Changes::PICTURE)), "s40.f0.c0.gray.stripes");
    assert_eq!(canonical_with(table, &keeping_with(table, &options, Changes::LIST)), "s40.f0.c0.gray");
    // Not declared palette-safe: set, it sends the diagram to the RGB painter; at its default it does not.
    assert!(!palette_draws(table, &options));
    assert!(palette_draws(table, &RenderOptions::default()));
}
