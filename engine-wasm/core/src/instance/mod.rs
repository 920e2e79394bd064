//! The instance: what every session shares. Parameters, the version
//! profile, the lab's cost parameters, the catalog, the SGA and the I/O
//! layer. Sessions (`crate::session`) run statements against it.

pub mod params;
pub mod version;

use crate::catalog::Catalog;
use crate::io::IoLayer;
use crate::sga::Sga;
use crate::sim::cost::CostParams;
use params::{InstanceParameters, Parameters};
use version::VersionProfile;

pub struct Instance {
    pub params: InstanceParameters,
    pub profile: VersionProfile,
    /// Per-operation costs (`LAB SET`), the same for every session.
    pub cost_params: CostParams,
    pub cat: Catalog,
    pub sga: Sga,
    pub io: IoLayer,
    /// Between SHUTDOWN and STARTUP the instance is down.
    pub up: bool,
}

impl Instance {
    pub fn new(profile: VersionProfile) -> Self {
        let params = InstanceParameters::default();
        let cost_params = CostParams::default();
        Instance {
            sga: Sga::new(&profile, &params.current),
            io: IoLayer::new(cost_params.physical_read_us),
            params,
            profile,
            cost_params,
            cat: Catalog::default(),
            up: true,
        }
    }

    /// `STARTUP` after the parameters were re-read, or `LAB VERSION`: the
    /// SGA's cache and pools are built anew with the session's parameters.
    pub fn rebuild_sga(&mut self, p: &Parameters) {
        self.sga.rebuild(&self.profile, p);
    }

    /// `LAB SET name = value` for a cost parameter; the datafile device
    /// follows `physical_read_us`. Returns false for an unknown name.
    pub fn set_cost_param(&mut self, name: &str, value: f64) -> bool {
        match self.cost_params.get_mut(name) {
            Some(slot) => {
                *slot = value;
                self.io.datafiles.set_param(name, value);
                true
            }
            None => false,
        }
    }
}
