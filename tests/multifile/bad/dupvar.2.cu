// a tentative definition is a definition in C++
int counter; // expect error: multiple definition of 'counter'
