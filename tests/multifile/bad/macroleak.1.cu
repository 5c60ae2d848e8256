#define LIMIT 4
int limit2();
int main() { return LIMIT - limit2(); }
