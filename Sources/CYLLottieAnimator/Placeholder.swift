// placeholder until the Lottie back-end's first file lands
