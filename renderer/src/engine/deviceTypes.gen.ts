// Generated from engine-wasm/core/src/io/registry.rs by its test
// (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test device_registry). Do not edit.

/** A device type as the engine's registry declares it. */
export interface DeviceTypeInfo {
  /** What the device view calls it. */
  label: string;
  /** Its flash is one part of it (a cell's): headed "flash"; the device's counters are not the flash's. */
  flashPart: boolean;
}

/** Every device type's name (`devices[].kind`). */
export type DeviceKind = 'hdd' | 'sata_ssd' | 'pcie_flash' | 'exadata_cell' | 'fixed';

/** The device types, by name. */
export const DEVICE_TYPES: Record<DeviceKind, DeviceTypeInfo> = {
  hdd: { label: 'hard disk', flashPart: false },
  sata_ssd: { label: 'SATA SSD', flashPart: false },
  pcie_flash: { label: 'PCIe flash', flashPart: false },
  exadata_cell: { label: 'Exadata cell', flashPart: true },
  fixed: { label: 'fixed latency', flashPart: false },
};

/** The registry's entry of a device kind (undefined: a kind this renderer does not know). */
export function deviceType(kind: string): DeviceTypeInfo | undefined {
  return Object.prototype.hasOwnProperty.call(DEVICE_TYPES, kind) ? DEVICE_TYPES[kind as DeviceKind] : undefined;
}
