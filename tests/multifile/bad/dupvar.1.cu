int counter = 1;
int main() { return counter - 1; }
