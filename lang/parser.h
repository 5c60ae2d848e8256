/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison interface for Yacc-like parsers in C

   Copyright (C) 1984, 1989-1990, 2000-2015, 2018-2021 Free Software Foundation,
   Inc.

   This program is free software: you can redistribute it and/or modify
   it under the terms of the GNU General Public License as published by
   the Free Software Foundation, either version 3 of the License, or
   (at your option) any later version.

   This program is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU General Public License for more details.

   You should have received a copy of the GNU General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

/* As a special exception, you may create a larger work that contains
   part or all of the Bison parser skeleton and distribute that work
   under terms of your choice, so long as that work isn't itself a
   parser generator using the skeleton or a modified version thereof
   as a parser skeleton.  Alternatively, if you modify or redistribute
   the parser skeleton itself, you may (at your option) remove this
   special exception, which will cause the skeleton and the resulting
   Bison output files to be licensed under the GNU General Public
   License without this special exception.

   This special exception was added by the Free Software Foundation in
   version 2.2 of Bison.  */

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

#ifndef YY_K_YY_PARSER_H_INCLUDED
# define YY_K_YY_PARSER_H_INCLUDED
/* Debug traces.  */
#ifndef K_YYDEBUG
# if defined YYDEBUG
#if YYDEBUG
#   define K_YYDEBUG 1
#  else
#   define K_YYDEBUG 0
#  endif
# else /* ! defined YYDEBUG */
#  define K_YYDEBUG 0
# endif /* ! defined YYDEBUG */
#endif  /* ! defined K_YYDEBUG */
#if K_YYDEBUG
extern int k_yydebug;
#endif
/* "%code requires" blocks.  */
#line 20 "parser.y"

#include "ast.h"
#include "lexer.h"

/* A growable array in the arena (old storage is simply abandoned). */
typedef struct k_list {
    void **items;
    int n, cap;
} k_list;

/* Declaration specifiers, gathered in any order and resolved to a type once
 * the whole list is seen (`long unsigned const int`). */
typedef struct k_specs {
    k_loc loc;
    unsigned storage;             /* enum k_storage */
    unsigned quals;               /* enum k_qual */
    int is_typedef;
    int nvoid, nbool, nchar, nshort, nint, nlong, nsigned, nunsigned, nfloat, ndouble;
    int nbuiltin;                 /* dim3, size_t, ... and typedef names */
    k_type_kind builtin;
    const char *alias;            /* spelling of an alias builtin (size_t...) */
    k_type *typedef_type;         /* the named typedef's type */
    k_type *resolved;             /* first resolution, to report errors once */
} k_specs;

/* One declarator: `*const *p[3][4]`, `f(int a, ...)` or `g(x, y)`. */
typedef struct k_declarator {
    k_loc loc;
    const char *name;             /* NULL in an abstract declarator */
    k_list ptr_quals;             /* one entry per '*', left to right (quals as pointers) */
    k_list dims;                  /* length expressions (NULL for []), left to right */
    int is_func;
    k_list params;
    int variadic;
    int is_ctor;
    k_list ctor_args;
    k_expr *init;
} k_declarator;

typedef struct k_parser k_parser;

#line 99 "parser.h"

/* Token kinds.  */
#ifndef K_YYTOKENTYPE
# define K_YYTOKENTYPE
  enum k_yytokentype
  {
    K_YYEMPTY = -2,
    K_YYEOF = 0,                   /* "end of file"  */
    K_YYerror = 256,               /* error  */
    K_YYUNDEF = 257,               /* "invalid token"  */
    IDENT = 258,                   /* "identifier"  */
    TYPEDEF_NAME = 259,            /* "type name"  */
    INT_LIT = 260,                 /* "integer constant"  */
    FLOAT_LIT = 261,               /* "floating constant"  */
    CHAR_LIT = 262,                /* "character constant"  */
    STRING_LIT = 263,              /* "string literal"  */
    KW_IF = 264,                   /* "if"  */
    KW_ELSE = 265,                 /* "else"  */
    KW_FOR = 266,                  /* "for"  */
    KW_WHILE = 267,                /* "while"  */
    KW_DO = 268,                   /* "do"  */
    KW_SWITCH = 269,               /* "switch"  */
    KW_CASE = 270,                 /* "case"  */
    KW_DEFAULT = 271,              /* "default"  */
    KW_BREAK = 272,                /* "break"  */
    KW_CONTINUE = 273,             /* "continue"  */
    KW_RETURN = 274,               /* "return"  */
    KW_GOTO = 275,                 /* "goto"  */
    KW_SIZEOF = 276,               /* "sizeof"  */
    KW_TYPEDEF = 277,              /* "typedef"  */
    KW_STRUCT = 278,               /* "struct"  */
    KW_UNION = 279,                /* "union"  */
    KW_ENUM = 280,                 /* "enum"  */
    KW_TRUE = 281,                 /* "true"  */
    KW_FALSE = 282,                /* "false"  */
    KW_CONST = 283,                /* "const"  */
    KW_VOLATILE = 284,             /* "volatile"  */
    KW_RESTRICT = 285,             /* "__restrict__"  */
    KW_STATIC = 286,               /* "static"  */
    KW_EXTERN = 287,               /* "extern"  */
    KW_INLINE = 288,               /* "inline"  */
    KW_GLOBAL = 289,               /* "__global__"  */
    KW_DEVICE = 290,               /* "__device__"  */
    KW_HOST = 291,                 /* "__host__"  */
    KW_SHARED = 292,               /* "__shared__"  */
    KW_CONSTANT = 293,             /* "__constant__"  */
    KW_FORCEINLINE = 294,          /* "__forceinline__"  */
    KW_VOID = 295,                 /* "void"  */
    KW_BOOL = 296,                 /* "bool"  */
    KW_CHAR = 297,                 /* "char"  */
    KW_SHORT = 298,                /* "short"  */
    KW_INT = 299,                  /* "int"  */
    KW_LONG = 300,                 /* "long"  */
    KW_SIGNED = 301,               /* "signed"  */
    KW_UNSIGNED = 302,             /* "unsigned"  */
    KW_FLOAT = 303,                /* "float"  */
    KW_DOUBLE = 304,               /* "double"  */
    KW_DIM3 = 305,                 /* "dim3"  */
    KW_UINT3 = 306,                /* "uint3"  */
    KW_SIZE_T = 307,               /* "size_t"  */
    KW_CUDA_ERROR_T = 308,         /* "cudaError_t"  */
    KW_CUDA_EVENT_T = 309,         /* "cudaEvent_t"  */
    KW_CUDA_STREAM_T = 310,        /* "cudaStream_t"  */
    KW_CUDA_DEVICE_PROP = 311,     /* "cudaDeviceProp"  */
    LAUNCH_OPEN = 312,             /* "<<<"  */
    LAUNCH_CLOSE = 313,            /* ">>>"  */
    ELLIPSIS = 314,                /* "..."  */
    ARROW = 315,                   /* "->"  */
    INC = 316,                     /* "++"  */
    DEC = 317,                     /* "--"  */
    SHL = 318,                     /* "<<"  */
    SHR = 319,                     /* ">>"  */
    LE = 320,                      /* "<="  */
    GE = 321,                      /* ">="  */
    EQ = 322,                      /* "=="  */
    NE = 323,                      /* "!="  */
    ANDAND = 324,                  /* "&&"  */
    OROR = 325,                    /* "||"  */
    MUL_ASSIGN = 326,              /* "*="  */
    DIV_ASSIGN = 327,              /* "/="  */
    MOD_ASSIGN = 328,              /* "%="  */
    ADD_ASSIGN = 329,              /* "+="  */
    SUB_ASSIGN = 330,              /* "-="  */
    SHL_ASSIGN = 331,              /* "<<="  */
    SHR_ASSIGN = 332,              /* ">>="  */
    AND_ASSIGN = 333,              /* "&="  */
    XOR_ASSIGN = 334,              /* "^="  */
    OR_ASSIGN = 335,               /* "|="  */
    THEN = 336                     /* THEN  */
  };
  typedef enum k_yytokentype k_yytoken_kind_t;
#endif

/* Value type.  */
#if ! defined K_YYSTYPE && ! defined K_YYSTYPE_IS_DECLARED
union K_YYSTYPE
{
#line 77 "parser.y"

    k_expr *expr;
    k_stmt *stmt;
    k_type *type;
    const char *name;
    k_list *list;
    k_specs *specs;
    k_declarator *dtor;
    k_decl *decl;
    unsigned bits;
    int op;

#line 210 "parser.h"

};
typedef union K_YYSTYPE K_YYSTYPE;
# define K_YYSTYPE_IS_TRIVIAL 1
# define K_YYSTYPE_IS_DECLARED 1
#endif

/* Location type.  */
#if ! defined K_YYLTYPE && ! defined K_YYLTYPE_IS_DECLARED
typedef struct K_YYLTYPE K_YYLTYPE;
struct K_YYLTYPE
{
  int first_line;
  int first_column;
  int last_line;
  int last_column;
};
# define K_YYLTYPE_IS_DECLARED 1
# define K_YYLTYPE_IS_TRIVIAL 1
#endif




int k_yyparse (k_parser *ps);

/* "%code provides" blocks.  */
#line 62 "parser.y"

struct k_parser {
    k_ctx *ctx;
    k_lexer lx;
    k_list decls;                 /* the unit's file-scope declarations */
    k_list typedef_names;         /* const char * */
    k_list typedef_types;         /* k_type *, same order */
    k_token tok;                  /* the last token scanned (for error messages) */
    k_loc unsupported_at;         /* a keyword already reported as unsupported */
    long ntokens;                 /* tokens scanned so far */
    long lex_error_token;         /* the last token the scanner reported an error on */
    int depth_reported;
};

#line 253 "parser.h"

#endif /* !YY_K_YY_PARSER_H_INCLUDED  */
