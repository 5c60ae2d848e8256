// declares offset() but no file defines it
int offset(int x);
int scale(int x) { return 2 * offset(x); } // expect error: undefined reference to 'offset'
