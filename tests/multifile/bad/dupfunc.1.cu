// a function defined in two files
int area(int w, int h) { return w * h; }
int main() { return area(2, 3) - 6; }
