fn main() {
    #[cfg(target_arch = "wasm32")]
    spieltisch::ui::start();
}
