// placeholder so the test target builds
