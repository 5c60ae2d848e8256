int secret();
int reveal() { return secret(); } // expect error: undefined reference to 'secret'
