int read_limit();
int main() { return read_limit() - 5; }
