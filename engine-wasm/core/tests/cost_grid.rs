//! Issue 37: the cost parameters are held on the clock's grid where they
//! are set (`CostParams::set`), so a charge of a parameter adds it without
//! rounding it again. Each value held must be what rounding per charge
//! gave: quantise(parameter), and for the latch gets of one get,
//! quantise(n x latch_get_us), which is not n x quantise(latch_get_us).
//!
//! Worked by hand: the grid is 2^-10 us. 0.1 us is 102.4 units, held as
//! 102 (0.099609375 us); 0.2 us is 204.8 units, held as 205
//! (0.2001953125 us), where twice 102 units would be 204.

use lio_core::sim::cost::CostParams;
use lio_core::sim::quantise;

#[test]
fn a_parameter_set_is_held_on_the_grid_as_each_charge_rounded_it() {
    let mut p = CostParams::default();
    assert!(p.set("latch_get_us", 0.1));
    assert_eq!(p.latch_get_us, 0.1, "the parameter itself stays as set");
    assert_eq!(p.grid.latch_get_us.us(), 0.099609375);
    assert_eq!(p.grid.cbc_latch_gets_us[0].us(), 0.0);
    assert_eq!(p.grid.cbc_latch_gets_us[1].us(), 0.099609375);
    assert_eq!(p.grid.cbc_latch_gets_us[2].us(), 0.2001953125);
    assert_ne!(p.grid.cbc_latch_gets_us[2].us(), 2.0 * p.grid.latch_get_us.us());
    assert!(p.set("row_us", 0.8003));
    assert_eq!(p.grid.row_us.us(), quantise(0.8003));
    assert!(!p.set("no_such_parameter", 1.0));
}

#[test]
fn the_defaults_are_held_on_the_grid() {
    let p = CostParams::default();
    for (held, set) in [
        (p.grid.examination_get_us, p.examination_get_us),
        (p.grid.normal_get_us, p.normal_get_us),
        (p.grid.pinned_revisit_us, p.pinned_revisit_us),
        (p.grid.net_server_us, p.net_server_us),
        (p.grid.user_call_begin_us, p.user_call_begin_us),
        (p.grid.jdbc_thin_call_us, p.jdbc_thin_call_us),
    ] {
        assert_eq!(held.us(), quantise(set));
        assert_eq!(quantise(held.us()), held.us());
    }
}
