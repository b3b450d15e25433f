//! The trybuild runner: every compile-fail case must fail with exactly its
//! `.stderr`, every compile-pass case must build.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/fail/*/*.rs");
    cases.pass("tests/ui/pass/*.rs");
}
