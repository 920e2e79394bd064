// The mock engine needs no wasm binary.
export default '';
