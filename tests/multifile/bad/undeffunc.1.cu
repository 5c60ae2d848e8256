int scale(int x);
int main() { return scale(0); }
