//! The man pages: the program's page names one page per command
//! (`uth-edge-COMMAND(1)`), `uth-edge man COMMAND` prints each of them, and
//! every page has an EXIT STATUS section with the exit codes `main` uses
//! (0, 1, 2, 101, as `src/main.rs` documents them).

use crate::common::{stderr, stdout, uth_edge};

/// The commands the program's page names (`uth\-edge\-game(1)` in roff).
fn pages_named(main_page: &str) -> Vec<String> {
    main_page
        .lines()
        .filter_map(|l| l.strip_prefix("uth\\-edge\\-"))
        .filter_map(|l| l.strip_suffix("(1)"))
        .map(|name| name.replace("\\-", "-"))
        .collect()
}

#[test]
fn every_page_the_main_page_names_is_printed_with_its_exit_status() {
    let out = uth_edge(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let main_page = stdout(&out);
    let names = pages_named(&main_page);
    // Fact: clap's definition has 20 commands (game, strategy, merge ..
    // what-if, strategies); the help subcommand has no page and is not named.
    assert_eq!(names.len(), 20, "{names:?}");
    assert!(!names.iter().any(|n| n == "help"));
    for page in std::iter::once(main_page.clone()).chain(names.iter().map(|name| {
        let out = uth_edge(&["man", name]);
        assert!(out.status.success(), "man {name}: {}", stderr(&out));
        let page = stdout(&out);
        assert!(
            page.contains(&format!(".TH uth-edge-{name} 1")),
            "man {name}: {}",
            page.lines().take(3).collect::<Vec<_>>().join("\n")
        );
        page
    })) {
        let status = page
            .split(".SH \"EXIT STATUS\"")
            .nth(1)
            .expect("an EXIT STATUS section");
        for code in ["\\fB0\\fR", "\\fB1\\fR", "\\fB2\\fR", "\\fB101\\fR"] {
            assert!(status.contains(code), "{code} in EXIT STATUS");
        }
    }
}

#[test]
fn a_page_of_no_command_is_refused_in_one_line() {
    let out = uth_edge(&["man", "nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("man nosuch: no such command"), "{err}");
}
