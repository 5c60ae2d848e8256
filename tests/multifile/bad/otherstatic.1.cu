// secret() is static here: no other file can call it
static int secret() { return 42; }
int main() { return secret() - 42; }
