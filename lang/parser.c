/* A Bison parser, made by GNU Bison 3.8.2.  */

/* Bison implementation for Yacc-like parsers in C

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

/* C LALR(1) parser skeleton written by Richard Stallman, by
   simplifying the original so-called "semantic" parser.  */

/* DO NOT RELY ON FEATURES THAT ARE NOT DOCUMENTED in the manual,
   especially those whose name start with YY_ or yy_.  They are
   private implementation details that can be changed or removed.  */

/* All symbols defined below should begin with yy or YY, to avoid
   infringing on user name space.  This should be done even for local
   variables, as they might otherwise be expanded by user macros.
   There are some unavoidable exceptions within include files to
   define necessary library symbols; they are noted "INFRINGES ON
   USER NAME SPACE" below.  */

/* Identify Bison output, and Bison version.  */
#define YYBISON 30802

/* Bison version string.  */
#define YYBISON_VERSION "3.8.2"

/* Skeleton name.  */
#define YYSKELETON_NAME "yacc.c"

/* Pure parsers.  */
#define YYPURE 2

/* Push parsers.  */
#define YYPUSH 0

/* Pull parsers.  */
#define YYPULL 1

/* Substitute the type names.  */
#define YYSTYPE         K_YYSTYPE
#define YYLTYPE         K_YYLTYPE
/* Substitute the variable and function names.  */
#define yyparse         k_yyparse
#define yylex           k_yylex
#define yyerror         k_yyerror
#define yydebug         k_yydebug
#define yynerrs         k_yynerrs


# ifndef YY_CAST
#  ifdef __cplusplus
#   define YY_CAST(Type, Val) static_cast<Type> (Val)
#   define YY_REINTERPRET_CAST(Type, Val) reinterpret_cast<Type> (Val)
#  else
#   define YY_CAST(Type, Val) ((Type) (Val))
#   define YY_REINTERPRET_CAST(Type, Val) ((Type) (Val))
#  endif
# endif
# ifndef YY_NULLPTR
#  if defined __cplusplus
#   if 201103L <= __cplusplus
#    define YY_NULLPTR nullptr
#   else
#    define YY_NULLPTR 0
#   endif
#  else
#   define YY_NULLPTR ((void*)0)
#  endif
# endif

#include "parser.h"
/* Symbol kind.  */
enum yysymbol_kind_t
{
  YYSYMBOL_YYEMPTY = -2,
  YYSYMBOL_YYEOF = 0,                      /* "end of file"  */
  YYSYMBOL_YYerror = 1,                    /* error  */
  YYSYMBOL_YYUNDEF = 2,                    /* "invalid token"  */
  YYSYMBOL_IDENT = 3,                      /* "identifier"  */
  YYSYMBOL_TYPEDEF_NAME = 4,               /* "type name"  */
  YYSYMBOL_INT_LIT = 5,                    /* "integer constant"  */
  YYSYMBOL_FLOAT_LIT = 6,                  /* "floating constant"  */
  YYSYMBOL_CHAR_LIT = 7,                   /* "character constant"  */
  YYSYMBOL_STRING_LIT = 8,                 /* "string literal"  */
  YYSYMBOL_KW_IF = 9,                      /* "if"  */
  YYSYMBOL_KW_ELSE = 10,                   /* "else"  */
  YYSYMBOL_KW_FOR = 11,                    /* "for"  */
  YYSYMBOL_KW_WHILE = 12,                  /* "while"  */
  YYSYMBOL_KW_DO = 13,                     /* "do"  */
  YYSYMBOL_KW_SWITCH = 14,                 /* "switch"  */
  YYSYMBOL_KW_CASE = 15,                   /* "case"  */
  YYSYMBOL_KW_DEFAULT = 16,                /* "default"  */
  YYSYMBOL_KW_BREAK = 17,                  /* "break"  */
  YYSYMBOL_KW_CONTINUE = 18,               /* "continue"  */
  YYSYMBOL_KW_RETURN = 19,                 /* "return"  */
  YYSYMBOL_KW_GOTO = 20,                   /* "goto"  */
  YYSYMBOL_KW_SIZEOF = 21,                 /* "sizeof"  */
  YYSYMBOL_KW_TYPEDEF = 22,                /* "typedef"  */
  YYSYMBOL_KW_STRUCT = 23,                 /* "struct"  */
  YYSYMBOL_KW_UNION = 24,                  /* "union"  */
  YYSYMBOL_KW_ENUM = 25,                   /* "enum"  */
  YYSYMBOL_KW_TRUE = 26,                   /* "true"  */
  YYSYMBOL_KW_FALSE = 27,                  /* "false"  */
  YYSYMBOL_KW_CONST = 28,                  /* "const"  */
  YYSYMBOL_KW_VOLATILE = 29,               /* "volatile"  */
  YYSYMBOL_KW_RESTRICT = 30,               /* "__restrict__"  */
  YYSYMBOL_KW_STATIC = 31,                 /* "static"  */
  YYSYMBOL_KW_EXTERN = 32,                 /* "extern"  */
  YYSYMBOL_KW_INLINE = 33,                 /* "inline"  */
  YYSYMBOL_KW_GLOBAL = 34,                 /* "__global__"  */
  YYSYMBOL_KW_DEVICE = 35,                 /* "__device__"  */
  YYSYMBOL_KW_HOST = 36,                   /* "__host__"  */
  YYSYMBOL_KW_SHARED = 37,                 /* "__shared__"  */
  YYSYMBOL_KW_CONSTANT = 38,               /* "__constant__"  */
  YYSYMBOL_KW_FORCEINLINE = 39,            /* "__forceinline__"  */
  YYSYMBOL_KW_VOID = 40,                   /* "void"  */
  YYSYMBOL_KW_BOOL = 41,                   /* "bool"  */
  YYSYMBOL_KW_CHAR = 42,                   /* "char"  */
  YYSYMBOL_KW_SHORT = 43,                  /* "short"  */
  YYSYMBOL_KW_INT = 44,                    /* "int"  */
  YYSYMBOL_KW_LONG = 45,                   /* "long"  */
  YYSYMBOL_KW_SIGNED = 46,                 /* "signed"  */
  YYSYMBOL_KW_UNSIGNED = 47,               /* "unsigned"  */
  YYSYMBOL_KW_FLOAT = 48,                  /* "float"  */
  YYSYMBOL_KW_DOUBLE = 49,                 /* "double"  */
  YYSYMBOL_KW_DIM3 = 50,                   /* "dim3"  */
  YYSYMBOL_KW_UINT3 = 51,                  /* "uint3"  */
  YYSYMBOL_KW_SIZE_T = 52,                 /* "size_t"  */
  YYSYMBOL_KW_CUDA_ERROR_T = 53,           /* "cudaError_t"  */
  YYSYMBOL_KW_CUDA_EVENT_T = 54,           /* "cudaEvent_t"  */
  YYSYMBOL_KW_CUDA_STREAM_T = 55,          /* "cudaStream_t"  */
  YYSYMBOL_KW_CUDA_DEVICE_PROP = 56,       /* "cudaDeviceProp"  */
  YYSYMBOL_LAUNCH_OPEN = 57,               /* "<<<"  */
  YYSYMBOL_LAUNCH_CLOSE = 58,              /* ">>>"  */
  YYSYMBOL_ELLIPSIS = 59,                  /* "..."  */
  YYSYMBOL_ARROW = 60,                     /* "->"  */
  YYSYMBOL_INC = 61,                       /* "++"  */
  YYSYMBOL_DEC = 62,                       /* "--"  */
  YYSYMBOL_SHL = 63,                       /* "<<"  */
  YYSYMBOL_SHR = 64,                       /* ">>"  */
  YYSYMBOL_LE = 65,                        /* "<="  */
  YYSYMBOL_GE = 66,                        /* ">="  */
  YYSYMBOL_EQ = 67,                        /* "=="  */
  YYSYMBOL_NE = 68,                        /* "!="  */
  YYSYMBOL_ANDAND = 69,                    /* "&&"  */
  YYSYMBOL_OROR = 70,                      /* "||"  */
  YYSYMBOL_MUL_ASSIGN = 71,                /* "*="  */
  YYSYMBOL_DIV_ASSIGN = 72,                /* "/="  */
  YYSYMBOL_MOD_ASSIGN = 73,                /* "%="  */
  YYSYMBOL_ADD_ASSIGN = 74,                /* "+="  */
  YYSYMBOL_SUB_ASSIGN = 75,                /* "-="  */
  YYSYMBOL_SHL_ASSIGN = 76,                /* "<<="  */
  YYSYMBOL_SHR_ASSIGN = 77,                /* ">>="  */
  YYSYMBOL_AND_ASSIGN = 78,                /* "&="  */
  YYSYMBOL_XOR_ASSIGN = 79,                /* "^="  */
  YYSYMBOL_OR_ASSIGN = 80,                 /* "|="  */
  YYSYMBOL_THEN = 81,                      /* THEN  */
  YYSYMBOL_82_ = 82,                       /* '|'  */
  YYSYMBOL_83_ = 83,                       /* '^'  */
  YYSYMBOL_84_ = 84,                       /* '&'  */
  YYSYMBOL_85_ = 85,                       /* '<'  */
  YYSYMBOL_86_ = 86,                       /* '>'  */
  YYSYMBOL_87_ = 87,                       /* '+'  */
  YYSYMBOL_88_ = 88,                       /* '-'  */
  YYSYMBOL_89_ = 89,                       /* '*'  */
  YYSYMBOL_90_ = 90,                       /* '/'  */
  YYSYMBOL_91_ = 91,                       /* '%'  */
  YYSYMBOL_92_ = 92,                       /* ';'  */
  YYSYMBOL_93_ = 93,                       /* '}'  */
  YYSYMBOL_94_ = 94,                       /* ','  */
  YYSYMBOL_95_ = 95,                       /* '='  */
  YYSYMBOL_96_ = 96,                       /* '('  */
  YYSYMBOL_97_ = 97,                       /* ')'  */
  YYSYMBOL_98_ = 98,                       /* '['  */
  YYSYMBOL_99_ = 99,                       /* ']'  */
  YYSYMBOL_100_ = 100,                     /* '{'  */
  YYSYMBOL_101_ = 101,                     /* ':'  */
  YYSYMBOL_102_ = 102,                     /* '?'  */
  YYSYMBOL_103_ = 103,                     /* '!'  */
  YYSYMBOL_104_ = 104,                     /* '~'  */
  YYSYMBOL_105_ = 105,                     /* '.'  */
  YYSYMBOL_YYACCEPT = 106,                 /* $accept  */
  YYSYMBOL_unit = 107,                     /* unit  */
  YYSYMBOL_external = 108,                 /* external  */
  YYSYMBOL_declaration = 109,              /* declaration  */
  YYSYMBOL_decl_specs = 110,               /* decl_specs  */
  YYSYMBOL_type_specs = 111,               /* type_specs  */
  YYSYMBOL_storage = 112,                  /* storage  */
  YYSYMBOL_qualifier = 113,                /* qualifier  */
  YYSYMBOL_type_kw = 114,                  /* type_kw  */
  YYSYMBOL_qualifiers = 115,               /* qualifiers  */
  YYSYMBOL_init_dtors = 116,               /* init_dtors  */
  YYSYMBOL_init_dtor = 117,                /* init_dtor  */
  YYSYMBOL_pointer = 118,                  /* pointer  */
  YYSYMBOL_declarator = 119,               /* declarator  */
  YYSYMBOL_direct_dtor = 120,              /* direct_dtor  */
  YYSYMBOL_param_list = 121,               /* param_list  */
  YYSYMBOL_param = 122,                    /* param  */
  YYSYMBOL_abstract_opt = 123,             /* abstract_opt  */
  YYSYMBOL_abstract = 124,                 /* abstract  */
  YYSYMBOL_direct_abstract = 125,          /* direct_abstract  */
  YYSYMBOL_type_name = 126,                /* type_name  */
  YYSYMBOL_initializer = 127,              /* initializer  */
  YYSYMBOL_init_list = 128,                /* init_list  */
  YYSYMBOL_compound = 129,                 /* compound  */
  YYSYMBOL_block_items = 130,              /* block_items  */
  YYSYMBOL_block_item = 131,               /* block_item  */
  YYSYMBOL_statement = 132,                /* statement  */
  YYSYMBOL_for_init = 133,                 /* for_init  */
  YYSYMBOL_expr_opt = 134,                 /* expr_opt  */
  YYSYMBOL_expr = 135,                     /* expr  */
  YYSYMBOL_assign = 136,                   /* assign  */
  YYSYMBOL_assign_op = 137,                /* assign_op  */
  YYSYMBOL_const_expr = 138,               /* const_expr  */
  YYSYMBOL_cond = 139,                     /* cond  */
  YYSYMBOL_binary = 140,                   /* binary  */
  YYSYMBOL_cast = 141,                     /* cast  */
  YYSYMBOL_unary = 142,                    /* unary  */
  YYSYMBOL_unary_op = 143,                 /* unary_op  */
  YYSYMBOL_postfix = 144,                  /* postfix  */
  YYSYMBOL_primary = 145,                  /* primary  */
  YYSYMBOL_strings = 146,                  /* strings  */
  YYSYMBOL_args_opt = 147,                 /* args_opt  */
  YYSYMBOL_args = 148                      /* args  */
};
typedef enum yysymbol_kind_t yysymbol_kind_t;



/* Unqualified %code blocks.  */
#line 90 "parser.y"

#include <stdlib.h>
#include <string.h>

/* Absurd nesting ends in "nesting too deep" instead of a deep C stack. */
#define YYMAXDEPTH 10000

static int k_yylex(K_YYSTYPE *lval, K_YYLTYPE *lloc, k_parser *ps);
static void k_yyerror(K_YYLTYPE *loc, k_parser *ps, const char *msg);

#define LOC(l) ((k_loc){ (uint32_t)(l).first_line, (uint32_t)(l).first_column })

static k_list *list_new(k_parser *ps);
static k_list *list_push(k_parser *ps, k_list *l, void *item);
static void list_append(k_parser *ps, k_list *l, void *item);

static k_expr *expr_leaf(k_parser *ps, k_expr_kind kind, k_loc loc);
static k_expr *expr_unary(k_parser *ps, k_expr_kind kind, int op, k_loc loc, k_expr *e);
static k_expr *expr_binary(k_parser *ps, k_expr_kind kind, int op, k_loc loc,
                           k_expr *l, k_expr *r);
static k_expr *expr_cond(k_parser *ps, k_loc loc, k_expr *c, k_expr *l, k_expr *r);
static k_expr *expr_call(k_parser *ps, k_loc loc, k_expr *callee, k_list *args);
static k_expr *expr_launch(k_parser *ps, k_loc loc, k_expr *callee, k_list *config,
                           k_list *args);
static k_expr *expr_with_args(k_parser *ps, k_expr *e, k_list *args);
static k_expr *make_init_list(k_parser *ps, k_loc loc, k_list *items);
static k_expr *expr_construct(k_parser *ps, k_loc loc, k_specs *sp, k_list *args);
static k_expr *concat_strings(k_parser *ps, k_expr *a, k_expr *b);

static k_specs *specs_new(k_parser *ps, k_loc loc);
static k_specs *specs_type(k_parser *ps, k_specs *sp, int token, k_loc loc, k_type *tdef);
static k_type *type_name(k_parser *ps, k_specs *sp, k_declarator *d);

static k_declarator *dtor_new(k_parser *ps, k_loc loc, const char *name);
static k_declarator *dtor_pointer(k_parser *ps, k_list *ptrs, k_declarator *d);
static k_declarator *dtor_func(k_parser *ps, k_declarator *d, k_list *params, int variadic);

static k_decl *make_param(k_parser *ps, k_specs *sp, k_declarator *d, k_loc loc);
static k_stmt *make_decl_stmt(k_parser *ps, k_loc loc, k_specs *sp, k_list *dtors);
static void add_file_decls(k_parser *ps, k_stmt *s);
static void add_function(k_parser *ps, k_specs *sp, k_declarator *d, k_stmt *body);
static k_stmt *make_block(k_parser *ps, k_loc loc, k_list *items);
static k_stmt *stmt_new(k_parser *ps, k_stmt_kind kind, k_loc loc);

#line 304 "parser.c"

#ifdef short
# undef short
#endif

/* On compilers that do not define __PTRDIFF_MAX__ etc., make sure
   <limits.h> and (if available) <stdint.h> are included
   so that the code can choose integer types of a good width.  */

#ifndef __PTRDIFF_MAX__
# include <limits.h> /* INFRINGES ON USER NAME SPACE */
# if defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stdint.h> /* INFRINGES ON USER NAME SPACE */
#  define YY_STDINT_H
# endif
#endif

/* Narrow types that promote to a signed type and that can represent a
   signed or unsigned integer of at least N bits.  In tables they can
   save space and decrease cache pressure.  Promoting to a signed type
   helps avoid bugs in integer arithmetic.  */

#ifdef __INT_LEAST8_MAX__
typedef __INT_LEAST8_TYPE__ yytype_int8;
#elif defined YY_STDINT_H
typedef int_least8_t yytype_int8;
#else
typedef signed char yytype_int8;
#endif

#ifdef __INT_LEAST16_MAX__
typedef __INT_LEAST16_TYPE__ yytype_int16;
#elif defined YY_STDINT_H
typedef int_least16_t yytype_int16;
#else
typedef short yytype_int16;
#endif

/* Work around bug in HP-UX 11.23, which defines these macros
   incorrectly for preprocessor constants.  This workaround can likely
   be removed in 2023, as HPE has promised support for HP-UX 11.23
   (aka HP-UX 11i v2) only through the end of 2022; see Table 2 of
   <https://h20195.www2.hpe.com/V2/getpdf.aspx/4AA4-7673ENW.pdf>.  */
#ifdef __hpux
# undef UINT_LEAST8_MAX
# undef UINT_LEAST16_MAX
# define UINT_LEAST8_MAX 255
# define UINT_LEAST16_MAX 65535
#endif

#if defined __UINT_LEAST8_MAX__ && __UINT_LEAST8_MAX__ <= __INT_MAX__
typedef __UINT_LEAST8_TYPE__ yytype_uint8;
#elif (!defined __UINT_LEAST8_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST8_MAX <= INT_MAX)
typedef uint_least8_t yytype_uint8;
#elif !defined __UINT_LEAST8_MAX__ && UCHAR_MAX <= INT_MAX
typedef unsigned char yytype_uint8;
#else
typedef short yytype_uint8;
#endif

#if defined __UINT_LEAST16_MAX__ && __UINT_LEAST16_MAX__ <= __INT_MAX__
typedef __UINT_LEAST16_TYPE__ yytype_uint16;
#elif (!defined __UINT_LEAST16_MAX__ && defined YY_STDINT_H \
       && UINT_LEAST16_MAX <= INT_MAX)
typedef uint_least16_t yytype_uint16;
#elif !defined __UINT_LEAST16_MAX__ && USHRT_MAX <= INT_MAX
typedef unsigned short yytype_uint16;
#else
typedef int yytype_uint16;
#endif

#ifndef YYPTRDIFF_T
# if defined __PTRDIFF_TYPE__ && defined __PTRDIFF_MAX__
#  define YYPTRDIFF_T __PTRDIFF_TYPE__
#  define YYPTRDIFF_MAXIMUM __PTRDIFF_MAX__
# elif defined PTRDIFF_MAX
#  ifndef ptrdiff_t
#   include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  endif
#  define YYPTRDIFF_T ptrdiff_t
#  define YYPTRDIFF_MAXIMUM PTRDIFF_MAX
# else
#  define YYPTRDIFF_T long
#  define YYPTRDIFF_MAXIMUM LONG_MAX
# endif
#endif

#ifndef YYSIZE_T
# ifdef __SIZE_TYPE__
#  define YYSIZE_T __SIZE_TYPE__
# elif defined size_t
#  define YYSIZE_T size_t
# elif defined __STDC_VERSION__ && 199901 <= __STDC_VERSION__
#  include <stddef.h> /* INFRINGES ON USER NAME SPACE */
#  define YYSIZE_T size_t
# else
#  define YYSIZE_T unsigned
# endif
#endif

#define YYSIZE_MAXIMUM                                  \
  YY_CAST (YYPTRDIFF_T,                                 \
           (YYPTRDIFF_MAXIMUM < YY_CAST (YYSIZE_T, -1)  \
            ? YYPTRDIFF_MAXIMUM                         \
            : YY_CAST (YYSIZE_T, -1)))

#define YYSIZEOF(X) YY_CAST (YYPTRDIFF_T, sizeof (X))


/* Stored state numbers (used for stacks). */
typedef yytype_int16 yy_state_t;

/* State numbers in computations.  */
typedef int yy_state_fast_t;

#ifndef YY_
# if defined YYENABLE_NLS && YYENABLE_NLS
#  if ENABLE_NLS
#   include <libintl.h> /* INFRINGES ON USER NAME SPACE */
#   define YY_(Msgid) dgettext ("bison-runtime", Msgid)
#  endif
# endif
# ifndef YY_
#  define YY_(Msgid) Msgid
# endif
#endif


#ifndef YY_ATTRIBUTE_PURE
# if defined __GNUC__ && 2 < __GNUC__ + (96 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_PURE __attribute__ ((__pure__))
# else
#  define YY_ATTRIBUTE_PURE
# endif
#endif

#ifndef YY_ATTRIBUTE_UNUSED
# if defined __GNUC__ && 2 < __GNUC__ + (7 <= __GNUC_MINOR__)
#  define YY_ATTRIBUTE_UNUSED __attribute__ ((__unused__))
# else
#  define YY_ATTRIBUTE_UNUSED
# endif
#endif

/* Suppress unused-variable warnings by "using" E.  */
#if ! defined lint || defined __GNUC__
# define YY_USE(E) ((void) (E))
#else
# define YY_USE(E) /* empty */
#endif

/* Suppress an incorrect diagnostic about yylval being uninitialized.  */
#if defined __GNUC__ && ! defined __ICC && 406 <= __GNUC__ * 100 + __GNUC_MINOR__
# if __GNUC__ * 100 + __GNUC_MINOR__ < 407
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")
# else
#  define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN                           \
    _Pragma ("GCC diagnostic push")                                     \
    _Pragma ("GCC diagnostic ignored \"-Wuninitialized\"")              \
    _Pragma ("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")
# endif
# define YY_IGNORE_MAYBE_UNINITIALIZED_END      \
    _Pragma ("GCC diagnostic pop")
#else
# define YY_INITIAL_VALUE(Value) Value
#endif
#ifndef YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
# define YY_IGNORE_MAYBE_UNINITIALIZED_END
#endif
#ifndef YY_INITIAL_VALUE
# define YY_INITIAL_VALUE(Value) /* Nothing. */
#endif

#if defined __cplusplus && defined __GNUC__ && ! defined __ICC && 6 <= __GNUC__
# define YY_IGNORE_USELESS_CAST_BEGIN                          \
    _Pragma ("GCC diagnostic push")                            \
    _Pragma ("GCC diagnostic ignored \"-Wuseless-cast\"")
# define YY_IGNORE_USELESS_CAST_END            \
    _Pragma ("GCC diagnostic pop")
#endif
#ifndef YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_BEGIN
# define YY_IGNORE_USELESS_CAST_END
#endif


#define YY_ASSERT(E) ((void) (0 && (E)))

#if 1

/* The parser invokes alloca or malloc; define the necessary symbols.  */

# ifdef YYSTACK_ALLOC
   /* Pacify GCC's 'empty if-body' warning.  */
#  define YYSTACK_FREE(Ptr) do { /* empty */; } while (0)
#  ifndef YYSTACK_ALLOC_MAXIMUM
    /* The OS might guarantee only one guard page at the bottom of the stack,
       and a page size can be as small as 4096 bytes.  So we cannot safely
       invoke alloca (N) if N exceeds 4096.  Use a slightly smaller number
       to allow for a few compiler-allocated temporary stack slots.  */
#   define YYSTACK_ALLOC_MAXIMUM 4032 /* reasonable circa 2006 */
#  endif
# else
#  define YYSTACK_ALLOC YYMALLOC
#  define YYSTACK_FREE YYFREE
#  ifndef YYSTACK_ALLOC_MAXIMUM
#   define YYSTACK_ALLOC_MAXIMUM YYSIZE_MAXIMUM
#  endif
#  if (defined __cplusplus && ! defined EXIT_SUCCESS \
       && ! ((defined YYMALLOC || defined malloc) \
             && (defined YYFREE || defined free)))
#   include <stdlib.h> /* INFRINGES ON USER NAME SPACE */
#   ifndef EXIT_SUCCESS
#    define EXIT_SUCCESS 0
#   endif
#  endif
#  ifndef YYMALLOC
#   define YYMALLOC malloc
#   if ! defined malloc && ! defined EXIT_SUCCESS
void *malloc (YYSIZE_T); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
#  ifndef YYFREE
#   define YYFREE free
#   if ! defined free && ! defined EXIT_SUCCESS
void free (void *); /* INFRINGES ON USER NAME SPACE */
#   endif
#  endif
# endif
# define YYCOPY_NEEDED 1
#endif /* 1 */

#if (! defined yyoverflow \
     && (! defined __cplusplus \
         || (defined K_YYLTYPE_IS_TRIVIAL && K_YYLTYPE_IS_TRIVIAL \
             && defined K_YYSTYPE_IS_TRIVIAL && K_YYSTYPE_IS_TRIVIAL)))

/* A type that is properly aligned for any stack member.  */
union yyalloc
{
  yy_state_t yyss_alloc;
  YYSTYPE yyvs_alloc;
  YYLTYPE yyls_alloc;
};

/* The size of the maximum gap between one aligned stack and the next.  */
# define YYSTACK_GAP_MAXIMUM (YYSIZEOF (union yyalloc) - 1)

/* The size of an array large to enough to hold all stacks, each with
   N elements.  */
# define YYSTACK_BYTES(N) \
     ((N) * (YYSIZEOF (yy_state_t) + YYSIZEOF (YYSTYPE) \
             + YYSIZEOF (YYLTYPE)) \
      + 2 * YYSTACK_GAP_MAXIMUM)

# define YYCOPY_NEEDED 1

/* Relocate STACK from its old location to the new one.  The
   local variables YYSIZE and YYSTACKSIZE give the old and new number of
   elements in the stack, and YYPTR gives the new location of the
   stack.  Advance YYPTR to a properly aligned location for the next
   stack.  */
# define YYSTACK_RELOCATE(Stack_alloc, Stack)                           \
    do                                                                  \
      {                                                                 \
        YYPTRDIFF_T yynewbytes;                                         \
        YYCOPY (&yyptr->Stack_alloc, Stack, yysize);                    \
        Stack = &yyptr->Stack_alloc;                                    \
        yynewbytes = yystacksize * YYSIZEOF (*Stack) + YYSTACK_GAP_MAXIMUM; \
        yyptr += yynewbytes / YYSIZEOF (*yyptr);                        \
      }                                                                 \
    while (0)

#endif

#if defined YYCOPY_NEEDED && YYCOPY_NEEDED
/* Copy COUNT objects from SRC to DST.  The source and destination do
   not overlap.  */
# ifndef YYCOPY
#  if defined __GNUC__ && 1 < __GNUC__
#   define YYCOPY(Dst, Src, Count) \
      __builtin_memcpy (Dst, Src, YY_CAST (YYSIZE_T, (Count)) * sizeof (*(Src)))
#  else
#   define YYCOPY(Dst, Src, Count)              \
      do                                        \
        {                                       \
          YYPTRDIFF_T yyi;                      \
          for (yyi = 0; yyi < (Count); yyi++)   \
            (Dst)[yyi] = (Src)[yyi];            \
        }                                       \
      while (0)
#  endif
# endif
#endif /* !YYCOPY_NEEDED */

/* YYFINAL -- State number of the termination state.  */
#define YYFINAL  2
/* YYLAST -- Last index in YYTABLE.  */
#define YYLAST   1652

/* YYNTOKENS -- Number of terminals.  */
#define YYNTOKENS  106
/* YYNNTS -- Number of nonterminals.  */
#define YYNNTS  43
/* YYNRULES -- Number of rules.  */
#define YYNRULES  197
/* YYNSTATES -- Number of states.  */
#define YYNSTATES  319

/* YYMAXUTOK -- Last valid token kind.  */
#define YYMAXUTOK   336


/* YYTRANSLATE(TOKEN-NUM) -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex, with out-of-bounds checking.  */
#define YYTRANSLATE(YYX)                                \
  (0 <= (YYX) && (YYX) <= YYMAXUTOK                     \
   ? YY_CAST (yysymbol_kind_t, yytranslate[YYX])        \
   : YYSYMBOL_YYUNDEF)

/* YYTRANSLATE[TOKEN-NUM] -- Symbol number corresponding to TOKEN-NUM
   as returned by yylex.  */
static const yytype_int8 yytranslate[] =
{
       0,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,   103,     2,     2,     2,    91,    84,     2,
      96,    97,    89,    87,    94,    88,   105,    90,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,   101,    92,
      85,    95,    86,   102,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,    98,     2,    99,    83,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,   100,    82,    93,   104,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     2,     2,     2,     2,
       2,     2,     2,     2,     2,     2,     1,     2,     3,     4,
       5,     6,     7,     8,     9,    10,    11,    12,    13,    14,
      15,    16,    17,    18,    19,    20,    21,    22,    23,    24,
      25,    26,    27,    28,    29,    30,    31,    32,    33,    34,
      35,    36,    37,    38,    39,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    57,    58,    59,    60,    61,    62,    63,    64,
      65,    66,    67,    68,    69,    70,    71,    72,    73,    74,
      75,    76,    77,    78,    79,    80,    81
};

#if K_YYDEBUG
/* YYRLINE[YYN] -- Source line where rule number YYN was defined.  */
static const yytype_int16 yyrline[] =
{
       0,   190,   190,   191,   195,   196,   197,   203,   204,   205,
     210,   211,   215,   216,   217,   219,   221,   222,   223,   224,
     225,   226,   231,   232,   234,   236,   237,   238,   242,   243,
     244,   245,   246,   247,   248,   249,   250,   254,   255,   256,
     260,   261,   262,   263,   264,   265,   266,   267,   268,   269,
     270,   271,   272,   273,   274,   275,   276,   280,   281,   285,
     286,   290,   291,   295,   296,   297,   298,   302,   303,   307,
     308,   309,   310,   312,   319,   320,   324,   325,   330,   331,
     335,   336,   340,   341,   342,   346,   347,   348,   349,   353,
     357,   358,   359,   360,   364,   365,   370,   371,   375,   376,
     380,   381,   382,   386,   387,   388,   389,   391,   396,   398,
     400,   405,   407,   409,   411,   412,   413,   415,   416,   425,
     431,   436,   437,   441,   442,   446,   447,   451,   452,   453,
     454,   455,   456,   457,   458,   459,   460,   461,   465,   469,
     470,   474,   475,   476,   477,   478,   479,   480,   481,   482,
     483,   484,   485,   486,   487,   488,   489,   490,   491,   492,
     496,   497,   505,   506,   507,   508,   509,   510,   518,   519,
     520,   521,   522,   523,   527,   528,   529,   530,   532,   537,
     543,   544,   548,   549,   550,   551,   552,   553,   554,   555,
     556,   559,   565,   566,   570,   571,   575,   576
};
#endif

/** Accessing symbol of state STATE.  */
#define YY_ACCESSING_SYMBOL(State) YY_CAST (yysymbol_kind_t, yystos[State])

#if 1
/* The user-facing name of the symbol whose (internal) number is
   YYSYMBOL.  No bounds checking.  */
static const char *yysymbol_name (yysymbol_kind_t yysymbol) YY_ATTRIBUTE_UNUSED;

static const char *
yysymbol_name (yysymbol_kind_t yysymbol)
{
  static const char *const yy_sname[] =
  {
  "end of file", "error", "invalid token", "identifier", "type name",
  "integer constant", "floating constant", "character constant",
  "string literal", "if", "else", "for", "while", "do", "switch", "case",
  "default", "break", "continue", "return", "goto", "sizeof", "typedef",
  "struct", "union", "enum", "true", "false", "const", "volatile",
  "__restrict__", "static", "extern", "inline", "__global__", "__device__",
  "__host__", "__shared__", "__constant__", "__forceinline__", "void",
  "bool", "char", "short", "int", "long", "signed", "unsigned", "float",
  "double", "dim3", "uint3", "size_t", "cudaError_t", "cudaEvent_t",
  "cudaStream_t", "cudaDeviceProp", "<<<", ">>>", "...", "->", "++", "--",
  "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=", "+=",
  "-=", "<<=", ">>=", "&=", "^=", "|=", "THEN", "'|'", "'^'", "'&'", "'<'",
  "'>'", "'+'", "'-'", "'*'", "'/'", "'%'", "';'", "'}'", "','", "'='",
  "'('", "')'", "'['", "']'", "'{'", "':'", "'?'", "'!'", "'~'", "'.'",
  "$accept", "unit", "external", "declaration", "decl_specs", "type_specs",
  "storage", "qualifier", "type_kw", "qualifiers", "init_dtors",
  "init_dtor", "pointer", "declarator", "direct_dtor", "param_list",
  "param", "abstract_opt", "abstract", "direct_abstract", "type_name",
  "initializer", "init_list", "compound", "block_items", "block_item",
  "statement", "for_init", "expr_opt", "expr", "assign", "assign_op",
  "const_expr", "cond", "binary", "cast", "unary", "unary_op", "postfix",
  "primary", "strings", "args_opt", "args", YY_NULLPTR
  };
  return yy_sname[yysymbol];
}
#endif

#define YYPACT_NINF (-239)

#define yypact_value_is_default(Yyn) \
  ((Yyn) == YYPACT_NINF)

#define YYTABLE_NINF (-1)

#define yytable_value_is_error(Yyn) \
  0

/* YYPACT[STATE-NUM] -- Index in YYTABLE of the portion describing
   STATE-NUM.  */
static const yytype_int16 yypact[] =
{
    -239,  1420,  -239,   -16,   -65,  -239,  -239,  -239,  -239,  -239,
    -239,  -239,  -239,  -239,  -239,  -239,  -239,  -239,  -239,  -239,
    -239,  -239,  -239,  -239,  -239,  -239,  -239,  -239,  -239,  -239,
    -239,  -239,  -239,  -239,  -239,  -239,    36,  -239,  -239,  -239,
    1485,  -239,  -239,  -239,    11,   -76,   -66,  -239,  -239,   356,
    -239,    36,  -239,  -239,  -239,  -239,  -239,  -239,   -51,  -239,
     -72,    36,   -66,  -239,  -239,   820,  -239,   -59,  -239,  -239,
    -239,  -239,  1080,  -239,  -239,  1145,  1145,  -239,  -239,  -239,
    -239,   625,  -239,  -239,  -239,  1287,   -49,   -52,  -239,  -239,
    -239,  1281,  -239,   169,  1210,   111,  -239,    50,   -42,  -239,
    -239,    14,   885,  -239,    36,   254,   -59,  -239,   -49,   -39,
    -239,  -239,  1210,   625,  -239,  1210,  -239,  -239,   -59,  1349,
    -239,   -49,   -26,   -41,  -239,   950,     9,  -239,  -239,  -239,
     -15,  1210,  1550,  -239,  1210,  1210,  1210,  1210,  1210,  1210,
    1210,  1210,  1210,  1210,  1210,  1210,  1210,  1210,  1210,  1210,
    1210,  1210,  1210,  -239,  -239,  -239,  -239,  -239,  -239,  -239,
    -239,  -239,  -239,  -239,  1210,  -239,  1210,    78,  -239,  -239,
    1210,  1210,   108,  -239,  1210,  -239,  -239,    22,   690,  -239,
    -239,    -4,    -6,    40,    69,    70,   458,    74,  1210,    31,
      85,    93,  1210,   181,  -239,  -239,  -239,  1485,  -239,  -239,
    -239,    28,  -239,    90,    94,    95,  -239,  -239,  -239,   -68,
    -239,  1210,  1210,  -239,  -239,    91,   -15,  1015,    96,    98,
    -239,    92,    92,    71,    71,  1561,  1561,  1414,  1343,  1479,
    1547,  1554,    71,    71,    25,    25,  -239,  -239,  -239,   -75,
    -239,   -40,  -239,   100,   -61,  -239,  -239,  -239,  -239,    30,
    -239,  -239,   458,  1210,   560,  1210,   177,  1210,    97,   458,
    -239,  -239,   107,   106,   109,  -239,  -239,  -239,  -239,  -239,
    -239,  -239,   103,  -239,  -239,  1210,   114,  -239,  -239,  -239,
     755,  -239,   -35,  -239,  1210,   112,   -12,   115,    -7,   458,
    -239,  -239,  -239,  -239,  -239,  1210,  -239,  -239,   458,   120,
    -239,   458,  1210,   458,  -239,   118,   208,  1210,  -239,     2,
    -239,  -239,   458,   122,   130,  -239,   458,  -239,  -239
};

/* YYDEFACT[STATE-NUM] -- Default reduction number in state STATE-NUM.
   Performed when YYTABLE does not specify something else to do.  Zero
   means the default is an error.  */
static const yytype_uint8 yydefact[] =
{
       2,     0,     1,     0,    69,    15,    16,    37,    38,    39,
      28,    29,    30,    31,    32,    33,    34,    35,    36,    40,
      41,    42,    43,    44,    45,    46,    47,    48,    49,    50,
      51,    52,    53,    54,    55,    56,    63,     7,     3,     4,
       0,    12,    13,    14,     0,     0,    67,     8,     9,     0,
      57,    64,    20,    21,    11,    17,    18,    19,     0,    59,
      61,    65,    68,    98,     6,     0,   182,    15,   183,   184,
     185,   192,     0,   187,   188,     0,     0,   173,   169,   168,
     172,     0,    70,   170,   171,    80,    14,     0,    76,   196,
     125,   139,   141,   160,     0,   162,   174,   186,     0,    58,
      10,     0,     0,     5,    66,     0,     0,    74,     0,     0,
     138,   160,   194,     0,   166,     0,   163,   164,    24,    80,
      22,    23,     0,     0,   123,     0,    82,    78,    79,    81,
      83,   194,     0,    71,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,   128,   129,   130,   131,   132,   133,   134,
     135,   136,   137,   127,     0,   165,     0,     0,   180,   181,
     194,     0,     0,   193,     0,    73,    60,    61,     0,    62,
      90,     0,   182,     0,     0,     0,     0,     0,     0,     0,
       0,     0,   121,     0,   105,    96,   100,     0,   103,    99,
     101,     0,    75,     0,   195,     0,    27,    25,    26,    82,
      89,     0,     0,   189,    85,     0,    84,     0,     0,     0,
      77,   153,   154,   151,   152,   147,   148,   143,   142,   144,
     145,   146,   149,   150,   155,   156,   157,   158,   159,     0,
     126,     0,   179,     0,     0,   178,   197,    91,    94,     0,
     102,    97,     0,     0,   121,     0,     0,     0,     0,     0,
     114,   115,     0,   122,     0,   104,   191,   167,   161,   124,
      86,    87,     0,   190,    72,     0,     0,   176,   175,    92,
       0,   118,     0,   120,   121,     0,     0,     0,     0,     0,
     113,   116,   117,    88,   140,   194,    93,    95,     0,     0,
     119,     0,     0,     0,   112,     0,   106,   121,   108,     0,
     111,   177,     0,     0,     0,   107,     0,   109,   110
};

/* YYPGOTO[NTERM-NUM].  */
static const yytype_int16 yypgoto[] =
{
    -239,  -239,  -239,   -98,     0,  -239,   -34,   -11,    -1,   163,
    -239,   124,   -70,    21,   -17,  -239,    99,   110,  -239,  -115,
     113,  -170,  -239,   -25,  -239,  -239,   -95,  -239,  -238,   -79,
     -45,  -239,  -116,   -62,   183,   -84,     3,  -239,  -239,  -239,
    -239,  -126,   -36
};

/* YYDEFGOTO[NTERM-NUM].  */
static const yytype_int16 yydefgoto[] =
{
       0,     1,    38,    39,    85,   119,    41,    42,   108,    51,
      58,    59,    44,   177,    46,    87,    88,   128,   129,   130,
     122,   179,   249,   198,   105,   199,   200,   284,   262,   201,
     124,   164,   109,    90,    91,    92,    93,    94,    95,    96,
      97,   203,   204
};

/* YYTABLE[YYPACT[STATE-NUM]] -- What to do in state STATE-NUM.  If
   positive, shift that token.  If negative, reduce the rule whose
   number is the opposite.  If YYTABLE_NINF, syntax error.  */
static const yytype_int16 yytable[] =
{
      43,    40,   123,   110,    89,   218,    55,   196,   248,   215,
     165,   216,     4,    98,     4,   126,   285,     4,   276,   212,
      64,    61,    45,   102,    63,    50,   275,    62,    63,    56,
     125,    49,    65,   212,   123,   103,   123,   112,   278,    57,
      99,   100,   132,   101,   243,   133,   299,   131,    86,   209,
      50,    55,   174,   212,   174,   175,   213,   180,   173,   212,
     202,    60,   298,   110,     7,     8,     9,    89,   111,   313,
     120,   211,   258,   239,    56,   114,    47,    48,   116,   117,
     121,   242,   212,   217,    57,   301,    89,   212,   250,   251,
     303,   256,   244,    99,   216,   252,   212,   111,    61,   314,
      61,   272,   120,    36,    86,   197,   127,   125,   207,    62,
     297,   245,   121,   263,   149,   150,   151,   102,   208,   240,
     265,    89,   212,   279,   280,    89,   110,   268,   111,   246,
     241,    43,   259,   180,   134,   135,   253,   111,   111,   111,
     111,   111,   111,   111,   111,   111,   111,   111,   111,   111,
     111,   111,   111,   111,   111,   110,   283,   281,   147,   148,
     149,   150,   151,    55,   290,   254,   255,   269,   166,   305,
     257,   167,   168,   169,   282,   263,   286,   260,   288,   147,
     148,   149,   150,   151,   264,   261,    56,   266,   174,   287,
     270,   111,   267,   273,   304,   274,    57,   277,   289,   291,
     212,   292,   293,   306,   300,   263,   308,   170,   310,   171,
     295,   302,   307,   294,   111,   311,   172,   315,   312,   316,
     111,   318,   317,   309,   104,   176,   205,     0,   263,   210,
       0,   220,     0,     0,     0,   180,     0,     0,     0,     0,
     153,   154,   155,   156,   157,   158,   159,   160,   161,   162,
      89,     0,     0,    86,   197,   181,     0,   182,    67,    68,
      69,    70,    71,   183,   163,   184,   185,   186,   187,   188,
     189,   190,   191,   192,   193,    72,     6,     0,   111,     0,
      73,    74,     7,     8,     9,    10,    11,    12,    13,    14,
      15,    16,    17,    18,    19,    20,    21,    22,    23,    24,
      25,    26,    27,    28,    29,    30,    31,    32,    33,    34,
      35,     0,     0,     0,     0,    75,    76,   221,   222,   223,
     224,   225,   226,   227,   228,   229,   230,   231,   232,   233,
     234,   235,   236,   237,   238,     0,     0,     0,    77,     0,
       0,    78,    79,    80,     0,     0,   194,   195,     0,     0,
      81,     0,     0,     0,    63,     0,     0,    83,    84,    66,
      67,    68,    69,    70,    71,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,    72,     6,     0,
       0,     0,    73,    74,     7,     8,     9,    10,    11,    12,
      13,    14,    15,    16,    17,    18,    19,    20,    21,    22,
      23,    24,    25,    26,    27,    28,    29,    30,    31,    32,
      33,    34,    35,     0,     0,     0,     0,    75,    76,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
      77,     0,     0,    78,    79,    80,     0,     0,     0,     0,
       0,     0,    81,    82,     0,     0,     0,     0,     0,    83,
      84,   182,   106,    68,    69,    70,    71,   183,     0,   184,
     185,   186,   187,   188,   189,   190,   191,   192,   193,    72,
       0,     0,     0,     0,    73,    74,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,    19,    20,
      21,    22,    23,    24,    25,    26,    27,    28,    29,    30,
      31,    32,    33,    34,    35,     0,     0,     0,     0,    75,
      76,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,     0,    77,     0,     0,    78,    79,    80,     0,     0,
     194,     0,     0,     0,    81,     0,     0,     0,    63,     0,
       0,    83,    84,    66,    67,    68,    69,    70,    71,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       0,    72,     6,     0,     0,     0,    73,    74,     7,     8,
       9,    10,    11,    12,    13,    14,    15,    16,    17,    18,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,     0,     0,     0,
       0,    75,    76,     0,     0,     0,     0,     0,    66,   118,
      68,    69,    70,    71,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,    77,     0,    72,    78,    79,    80,
       0,    73,    74,     7,     8,     9,    81,     0,     0,     0,
       0,     0,     0,    83,    84,    19,    20,    21,    22,    23,
      24,    25,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,     0,     0,     0,     0,    75,    76,     0,     0,
       0,     0,     0,    66,   106,    68,    69,    70,    71,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,    77,
       0,    72,    78,    79,    80,     0,    73,    74,     0,     0,
       0,    81,     0,     0,     0,     0,     0,     0,    83,    84,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,     0,     0,     0,
       0,    75,    76,     0,     0,     0,     0,     0,    66,   106,
      68,    69,    70,    71,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,    77,     0,    72,    78,    79,    80,
       0,    73,    74,   247,     0,     0,    81,     0,     0,     0,
     178,     0,     0,    83,    84,    19,    20,    21,    22,    23,
      24,    25,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,     0,     0,     0,     0,    75,    76,     0,     0,
       0,     0,     0,    66,   106,    68,    69,    70,    71,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,    77,
       0,    72,    78,    79,    80,     0,    73,    74,   296,     0,
       0,    81,     0,     0,     0,   178,     0,     0,    83,    84,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,     0,     0,     0,
       0,    75,    76,     0,     0,     0,     0,     0,    66,   106,
      68,    69,    70,    71,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,    77,     0,    72,    78,    79,    80,
       0,    73,    74,     0,     0,     0,    81,     0,     0,   107,
       0,     0,     0,    83,    84,    19,    20,    21,    22,    23,
      24,    25,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,     0,     0,     0,     0,    75,    76,     0,     0,
       0,     0,     0,    66,   106,    68,    69,    70,    71,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,    77,
       0,    72,    78,    79,    80,     0,    73,    74,     0,     0,
       0,    81,     0,     0,     0,   178,     0,     0,    83,    84,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,     0,     0,     0,
       0,    75,    76,     0,     0,     0,     0,     0,    66,   106,
      68,    69,    70,    71,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,    77,     0,    72,    78,    79,    80,
       0,    73,    74,     0,     0,     0,    81,     0,     0,   214,
       0,     0,     0,    83,    84,    19,    20,    21,    22,    23,
      24,    25,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,     0,     0,     0,     0,    75,    76,     0,     0,
       0,     0,     0,    66,   106,    68,    69,    70,    71,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,    77,
       0,    72,    78,    79,    80,     0,    73,    74,     0,     0,
       0,    81,     0,     0,   271,     0,     0,     0,    83,    84,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,     0,     0,     0,
       0,    75,    76,     0,     0,     0,     0,     0,    66,   106,
      68,    69,    70,    71,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,    77,     0,    72,    78,    79,    80,
       0,    73,    74,     0,     0,     0,   113,     0,     0,     0,
       0,     0,     0,    83,    84,    19,    20,    21,    22,    23,
      24,    25,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,     0,     0,     0,     0,    75,    76,     0,     0,
       0,     0,     0,    66,   106,    68,    69,    70,    71,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,    77,
       0,    72,    78,    79,    80,     0,    73,    74,     0,     0,
       0,   115,     0,     0,     0,     0,     0,     0,    83,    84,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,     0,     0,     0,
       0,    75,    76,     0,     0,     0,     0,     0,     0,     0,
       0,     0,     0,     0,     0,     0,     0,     0,     0,     0,
       4,    52,     0,     0,    77,     0,     0,    78,    79,    80,
       0,     0,     0,     0,     0,     0,    81,     0,     0,    53,
       0,     0,     0,    83,    84,     7,     8,     9,    10,    11,
      12,    13,    14,    15,    16,    17,    18,    19,    20,    21,
      22,    23,    24,    25,    26,    27,    28,    29,    30,    31,
      32,    33,    34,    35,   134,   135,   136,   137,   138,   139,
     140,   141,     0,   206,     0,     0,     0,     0,     0,     0,
       0,     0,     0,   142,   143,   144,   145,   146,   147,   148,
     149,   150,   151,     0,     0,     0,    36,     7,     8,     9,
       0,     0,     0,   152,     0,   125,     0,     0,     0,    19,
      20,    21,    22,    23,    24,    25,    26,    27,    28,    29,
      30,    31,    32,    33,    34,    35,   134,   135,   136,   137,
     138,   139,   140,     0,     0,     0,     0,     0,     0,     0,
       2,     3,     0,     4,     5,   142,   143,   144,   145,   146,
     147,   148,   149,   150,   151,     0,     0,     0,    36,     0,
       0,     0,     6,     0,     0,     0,     0,   125,     7,     8,
       9,    10,    11,    12,    13,    14,    15,    16,    17,    18,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,   134,   135,   136,
     137,   138,   139,     0,     0,     0,     0,     0,     4,    52,
       0,     0,     0,     0,     0,     0,   142,   143,   144,   145,
     146,   147,   148,   149,   150,   151,     0,    53,     0,    36,
       0,     0,    37,     7,     8,     9,    10,    11,    12,    13,
      14,    15,    16,    17,    18,    19,    20,    21,    22,    23,
      24,    25,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,   134,   135,   136,   137,   138,   139,     0,     0,
       0,     0,     0,     0,     5,     0,     0,     0,     0,     0,
       0,     0,   143,   144,   145,   146,   147,   148,   149,   150,
     151,     0,     6,     0,    36,     0,     0,    54,     7,     8,
       9,    10,    11,    12,    13,    14,    15,    16,    17,    18,
      19,    20,    21,    22,    23,    24,    25,    26,    27,    28,
      29,    30,    31,    32,    33,    34,    35,     0,     0,   219,
     134,   135,   136,   137,   138,   139,     0,   134,   135,   136,
     137,   138,   139,     0,   134,   135,   136,   137,     0,     0,
       0,   144,   145,   146,   147,   148,   149,   150,   151,   145,
     146,   147,   148,   149,   150,   151,   145,   146,   147,   148,
     149,   150,   151
};

static const yytype_int16 yycheck[] =
{
       1,     1,    81,    65,    49,   131,    40,   105,   178,   125,
      94,   126,     3,    49,     3,    85,   254,     3,    58,    94,
      45,    89,     1,    95,   100,    36,   101,    44,   100,    40,
      98,    96,    98,    94,   113,    60,   115,    96,    99,    40,
      51,    92,    94,    94,   170,    97,   284,    96,    49,   119,
      61,    85,    94,    94,    94,    97,    97,   102,     8,    94,
      99,    40,    97,   125,    28,    29,    30,   112,    65,   307,
      81,    97,   188,   152,    85,    72,    92,    93,    75,    76,
      81,     3,    94,    98,    85,    97,   131,    94,    92,    93,
      97,   186,   171,   104,   209,   101,    94,    94,    89,    97,
      89,   217,   113,    89,   105,   105,    85,    98,   119,   126,
     280,     3,   113,   192,    89,    90,    91,    95,   119,   164,
      92,   166,    94,    93,    94,   170,   188,   211,   125,   174,
     166,   132,   101,   178,    63,    64,    96,   134,   135,   136,
     137,   138,   139,   140,   141,   142,   143,   144,   145,   146,
     147,   148,   149,   150,   151,   217,   254,   252,    87,    88,
      89,    90,    91,   197,   259,    96,    96,   212,    57,   295,
      96,    60,    61,    62,   253,   254,   255,    92,   257,    87,
      88,    89,    90,    91,     3,    92,   197,    97,    94,    12,
      99,   188,    97,    97,   289,    97,   197,    97,   101,    92,
      94,    92,    99,   298,    92,   284,   301,    96,   303,    98,
      96,    96,    92,   275,   211,    97,   105,   312,    10,    97,
     217,   316,    92,   302,    61,   101,   113,    -1,   307,   119,
      -1,   132,    -1,    -1,    -1,   280,    -1,    -1,    -1,    -1,
      71,    72,    73,    74,    75,    76,    77,    78,    79,    80,
     295,    -1,    -1,   254,   254,     1,    -1,     3,     4,     5,
       6,     7,     8,     9,    95,    11,    12,    13,    14,    15,
      16,    17,    18,    19,    20,    21,    22,    -1,   275,    -1,
      26,    27,    28,    29,    30,    31,    32,    33,    34,    35,
      36,    37,    38,    39,    40,    41,    42,    43,    44,    45,
      46,    47,    48,    49,    50,    51,    52,    53,    54,    55,
      56,    -1,    -1,    -1,    -1,    61,    62,   134,   135,   136,
     137,   138,   139,   140,   141,   142,   143,   144,   145,   146,
     147,   148,   149,   150,   151,    -1,    -1,    -1,    84,    -1,
      -1,    87,    88,    89,    -1,    -1,    92,    93,    -1,    -1,
      96,    -1,    -1,    -1,   100,    -1,    -1,   103,   104,     3,
       4,     5,     6,     7,     8,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    21,    22,    -1,
      -1,    -1,    26,    27,    28,    29,    30,    31,    32,    33,
      34,    35,    36,    37,    38,    39,    40,    41,    42,    43,
      44,    45,    46,    47,    48,    49,    50,    51,    52,    53,
      54,    55,    56,    -1,    -1,    -1,    -1,    61,    62,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      84,    -1,    -1,    87,    88,    89,    -1,    -1,    -1,    -1,
      -1,    -1,    96,    97,    -1,    -1,    -1,    -1,    -1,   103,
     104,     3,     4,     5,     6,     7,     8,     9,    -1,    11,
      12,    13,    14,    15,    16,    17,    18,    19,    20,    21,
      -1,    -1,    -1,    -1,    26,    27,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    40,    41,
      42,    43,    44,    45,    46,    47,    48,    49,    50,    51,
      52,    53,    54,    55,    56,    -1,    -1,    -1,    -1,    61,
      62,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    84,    -1,    -1,    87,    88,    89,    -1,    -1,
      92,    -1,    -1,    -1,    96,    -1,    -1,    -1,   100,    -1,
      -1,   103,   104,     3,     4,     5,     6,     7,     8,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    21,    22,    -1,    -1,    -1,    26,    27,    28,    29,
      30,    31,    32,    33,    34,    35,    36,    37,    38,    39,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    -1,    -1,    -1,
      -1,    61,    62,    -1,    -1,    -1,    -1,    -1,     3,     4,
       5,     6,     7,     8,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    84,    -1,    21,    87,    88,    89,
      -1,    26,    27,    28,    29,    30,    96,    -1,    -1,    -1,
      -1,    -1,    -1,   103,   104,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    -1,    -1,    -1,    -1,    61,    62,    -1,    -1,
      -1,    -1,    -1,     3,     4,     5,     6,     7,     8,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    84,
      -1,    21,    87,    88,    89,    -1,    26,    27,    -1,    -1,
      -1,    96,    -1,    -1,    -1,    -1,    -1,    -1,   103,   104,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    -1,    -1,    -1,
      -1,    61,    62,    -1,    -1,    -1,    -1,    -1,     3,     4,
       5,     6,     7,     8,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    84,    -1,    21,    87,    88,    89,
      -1,    26,    27,    93,    -1,    -1,    96,    -1,    -1,    -1,
     100,    -1,    -1,   103,   104,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    -1,    -1,    -1,    -1,    61,    62,    -1,    -1,
      -1,    -1,    -1,     3,     4,     5,     6,     7,     8,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    84,
      -1,    21,    87,    88,    89,    -1,    26,    27,    93,    -1,
      -1,    96,    -1,    -1,    -1,   100,    -1,    -1,   103,   104,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    -1,    -1,    -1,
      -1,    61,    62,    -1,    -1,    -1,    -1,    -1,     3,     4,
       5,     6,     7,     8,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    84,    -1,    21,    87,    88,    89,
      -1,    26,    27,    -1,    -1,    -1,    96,    -1,    -1,    99,
      -1,    -1,    -1,   103,   104,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    -1,    -1,    -1,    -1,    61,    62,    -1,    -1,
      -1,    -1,    -1,     3,     4,     5,     6,     7,     8,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    84,
      -1,    21,    87,    88,    89,    -1,    26,    27,    -1,    -1,
      -1,    96,    -1,    -1,    -1,   100,    -1,    -1,   103,   104,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    -1,    -1,    -1,
      -1,    61,    62,    -1,    -1,    -1,    -1,    -1,     3,     4,
       5,     6,     7,     8,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    84,    -1,    21,    87,    88,    89,
      -1,    26,    27,    -1,    -1,    -1,    96,    -1,    -1,    99,
      -1,    -1,    -1,   103,   104,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    -1,    -1,    -1,    -1,    61,    62,    -1,    -1,
      -1,    -1,    -1,     3,     4,     5,     6,     7,     8,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    84,
      -1,    21,    87,    88,    89,    -1,    26,    27,    -1,    -1,
      -1,    96,    -1,    -1,    99,    -1,    -1,    -1,   103,   104,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    -1,    -1,    -1,
      -1,    61,    62,    -1,    -1,    -1,    -1,    -1,     3,     4,
       5,     6,     7,     8,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    84,    -1,    21,    87,    88,    89,
      -1,    26,    27,    -1,    -1,    -1,    96,    -1,    -1,    -1,
      -1,    -1,    -1,   103,   104,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    -1,    -1,    -1,    -1,    61,    62,    -1,    -1,
      -1,    -1,    -1,     3,     4,     5,     6,     7,     8,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    84,
      -1,    21,    87,    88,    89,    -1,    26,    27,    -1,    -1,
      -1,    96,    -1,    -1,    -1,    -1,    -1,    -1,   103,   104,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    -1,    -1,    -1,
      -1,    61,    62,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
       3,     4,    -1,    -1,    84,    -1,    -1,    87,    88,    89,
      -1,    -1,    -1,    -1,    -1,    -1,    96,    -1,    -1,    22,
      -1,    -1,    -1,   103,   104,    28,    29,    30,    31,    32,
      33,    34,    35,    36,    37,    38,    39,    40,    41,    42,
      43,    44,    45,    46,    47,    48,    49,    50,    51,    52,
      53,    54,    55,    56,    63,    64,    65,    66,    67,    68,
      69,    70,    -1,     4,    -1,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    -1,    82,    83,    84,    85,    86,    87,    88,
      89,    90,    91,    -1,    -1,    -1,    89,    28,    29,    30,
      -1,    -1,    -1,   102,    -1,    98,    -1,    -1,    -1,    40,
      41,    42,    43,    44,    45,    46,    47,    48,    49,    50,
      51,    52,    53,    54,    55,    56,    63,    64,    65,    66,
      67,    68,    69,    -1,    -1,    -1,    -1,    -1,    -1,    -1,
       0,     1,    -1,     3,     4,    82,    83,    84,    85,    86,
      87,    88,    89,    90,    91,    -1,    -1,    -1,    89,    -1,
      -1,    -1,    22,    -1,    -1,    -1,    -1,    98,    28,    29,
      30,    31,    32,    33,    34,    35,    36,    37,    38,    39,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    63,    64,    65,
      66,    67,    68,    -1,    -1,    -1,    -1,    -1,     3,     4,
      -1,    -1,    -1,    -1,    -1,    -1,    82,    83,    84,    85,
      86,    87,    88,    89,    90,    91,    -1,    22,    -1,    89,
      -1,    -1,    92,    28,    29,    30,    31,    32,    33,    34,
      35,    36,    37,    38,    39,    40,    41,    42,    43,    44,
      45,    46,    47,    48,    49,    50,    51,    52,    53,    54,
      55,    56,    63,    64,    65,    66,    67,    68,    -1,    -1,
      -1,    -1,    -1,    -1,     4,    -1,    -1,    -1,    -1,    -1,
      -1,    -1,    83,    84,    85,    86,    87,    88,    89,    90,
      91,    -1,    22,    -1,    89,    -1,    -1,    92,    28,    29,
      30,    31,    32,    33,    34,    35,    36,    37,    38,    39,
      40,    41,    42,    43,    44,    45,    46,    47,    48,    49,
      50,    51,    52,    53,    54,    55,    56,    -1,    -1,    59,
      63,    64,    65,    66,    67,    68,    -1,    63,    64,    65,
      66,    67,    68,    -1,    63,    64,    65,    66,    -1,    -1,
      -1,    84,    85,    86,    87,    88,    89,    90,    91,    85,
      86,    87,    88,    89,    90,    91,    85,    86,    87,    88,
      89,    90,    91
};

/* YYSTOS[STATE-NUM] -- The symbol kind of the accessing symbol of
   state STATE-NUM.  */
static const yytype_uint8 yystos[] =
{
       0,   107,     0,     1,     3,     4,    22,    28,    29,    30,
      31,    32,    33,    34,    35,    36,    37,    38,    39,    40,
      41,    42,    43,    44,    45,    46,    47,    48,    49,    50,
      51,    52,    53,    54,    55,    56,    89,    92,   108,   109,
     110,   112,   113,   114,   118,   119,   120,    92,    93,    96,
     113,   115,     4,    22,    92,   112,   113,   114,   116,   117,
     119,    89,   120,   100,   129,    98,     3,     4,     5,     6,
       7,     8,    21,    26,    27,    61,    62,    84,    87,    88,
      89,    96,    97,   103,   104,   110,   114,   121,   122,   136,
     139,   140,   141,   142,   143,   144,   145,   146,   148,   113,
      92,    94,    95,   129,   115,   130,     4,    99,   114,   138,
     139,   142,    96,    96,   142,    96,   142,   142,     4,   111,
     113,   114,   126,   135,   136,    98,   118,   119,   123,   124,
     125,    96,    94,    97,    63,    64,    65,    66,    67,    68,
      69,    70,    82,    83,    84,    85,    86,    87,    88,    89,
      90,    91,   102,    71,    72,    73,    74,    75,    76,    77,
      78,    79,    80,    95,   137,   141,    57,    60,    61,    62,
      96,    98,   105,     8,    94,    97,   117,   119,   100,   127,
     136,     1,     3,     9,    11,    12,    13,    14,    15,    16,
      17,    18,    19,    20,    92,    93,   109,   110,   129,   131,
     132,   135,    99,   147,   148,   126,     4,   113,   114,   118,
     123,    97,    94,    97,    99,   138,   125,    98,   147,    59,
     122,   140,   140,   140,   140,   140,   140,   140,   140,   140,
     140,   140,   140,   140,   140,   140,   140,   140,   140,   135,
     136,   148,     3,   147,   135,     3,   136,    93,   127,   128,
      92,    93,   101,    96,    96,    96,   132,    96,   138,   101,
      92,    92,   134,   135,     3,    92,    97,    97,   141,   136,
      99,    99,   138,    97,    97,   101,    58,    97,    99,    93,
      94,   132,   135,   109,   133,   134,   135,    12,   135,   101,
     132,    92,    92,    99,   139,    96,    93,   127,    97,   134,
      92,    97,    96,    97,   132,   147,   132,    92,   132,   135,
     132,    97,    10,   134,    97,   132,    97,    92,   132
};

/* YYR1[RULE-NUM] -- Symbol kind of the left-hand side of rule RULE-NUM.  */
static const yytype_uint8 yyr1[] =
{
       0,   106,   107,   107,   108,   108,   108,   108,   108,   108,
     109,   109,   110,   110,   110,   110,   110,   110,   110,   110,
     110,   110,   111,   111,   111,   111,   111,   111,   112,   112,
     112,   112,   112,   112,   112,   112,   112,   113,   113,   113,
     114,   114,   114,   114,   114,   114,   114,   114,   114,   114,
     114,   114,   114,   114,   114,   114,   114,   115,   115,   116,
     116,   117,   117,   118,   118,   118,   118,   119,   119,   120,
     120,   120,   120,   120,   120,   120,   121,   121,   122,   122,
     123,   123,   124,   124,   124,   125,   125,   125,   125,   126,
     127,   127,   127,   127,   128,   128,   129,   129,   130,   130,
     131,   131,   131,   132,   132,   132,   132,   132,   132,   132,
     132,   132,   132,   132,   132,   132,   132,   132,   132,   133,
     133,   134,   134,   135,   135,   136,   136,   137,   137,   137,
     137,   137,   137,   137,   137,   137,   137,   137,   138,   139,
     139,   140,   140,   140,   140,   140,   140,   140,   140,   140,
     140,   140,   140,   140,   140,   140,   140,   140,   140,   140,
     141,   141,   142,   142,   142,   142,   142,   142,   143,   143,
     143,   143,   143,   143,   144,   144,   144,   144,   144,   144,
     144,   144,   145,   145,   145,   145,   145,   145,   145,   145,
     145,   145,   146,   146,   147,   147,   148,   148
};

/* YYR2[RULE-NUM] -- Number of symbols on the right-hand side of rule RULE-NUM.  */
static const yytype_int8 yyr2[] =
{
       0,     2,     0,     2,     1,     3,     2,     1,     2,     2,
       3,     2,     1,     1,     1,     1,     1,     2,     2,     2,
       2,     2,     1,     1,     1,     2,     2,     2,     1,     1,
       1,     1,     1,     1,     1,     1,     1,     1,     1,     1,
       1,     1,     1,     1,     1,     1,     1,     1,     1,     1,
       1,     1,     1,     1,     1,     1,     1,     1,     2,     1,
       3,     1,     3,     1,     2,     2,     3,     1,     2,     1,
       3,     4,     6,     4,     3,     4,     1,     3,     2,     2,
       0,     1,     1,     1,     2,     2,     3,     3,     4,     2,
       1,     2,     3,     4,     1,     3,     3,     4,     0,     2,
       1,     1,     2,     1,     2,     1,     5,     7,     5,     7,
       8,     5,     4,     3,     2,     2,     3,     3,     3,     2,
       1,     0,     1,     1,     3,     1,     3,     1,     1,     1,
       1,     1,     1,     1,     1,     1,     1,     1,     1,     1,
       5,     1,     3,     3,     3,     3,     3,     3,     3,     3,
       3,     3,     3,     3,     3,     3,     3,     3,     3,     3,
       1,     4,     1,     2,     2,     2,     2,     4,     1,     1,
       1,     1,     1,     1,     1,     4,     4,     7,     3,     3,
       2,     2,     1,     1,     1,     1,     1,     1,     1,     3,
       4,     4,     1,     2,     0,     1,     1,     3
};


enum { YYENOMEM = -2 };

#define yyerrok         (yyerrstatus = 0)
#define yyclearin       (yychar = K_YYEMPTY)

#define YYACCEPT        goto yyacceptlab
#define YYABORT         goto yyabortlab
#define YYERROR         goto yyerrorlab
#define YYNOMEM         goto yyexhaustedlab


#define YYRECOVERING()  (!!yyerrstatus)

#define YYBACKUP(Token, Value)                                    \
  do                                                              \
    if (yychar == K_YYEMPTY)                                        \
      {                                                           \
        yychar = (Token);                                         \
        yylval = (Value);                                         \
        YYPOPSTACK (yylen);                                       \
        yystate = *yyssp;                                         \
        YY_LAC_DISCARD ("YYBACKUP");                              \
        goto yybackup;                                            \
      }                                                           \
    else                                                          \
      {                                                           \
        yyerror (&yylloc, ps, YY_("syntax error: cannot back up")); \
        YYERROR;                                                  \
      }                                                           \
  while (0)

/* Backward compatibility with an undocumented macro.
   Use K_YYerror or K_YYUNDEF. */
#define YYERRCODE K_YYUNDEF

/* YYLLOC_DEFAULT -- Set CURRENT to span from RHS[1] to RHS[N].
   If N is 0, then set CURRENT to the empty location which ends
   the previous symbol: RHS[0] (always defined).  */

#ifndef YYLLOC_DEFAULT
# define YYLLOC_DEFAULT(Current, Rhs, N)                                \
    do                                                                  \
      if (N)                                                            \
        {                                                               \
          (Current).first_line   = YYRHSLOC (Rhs, 1).first_line;        \
          (Current).first_column = YYRHSLOC (Rhs, 1).first_column;      \
          (Current).last_line    = YYRHSLOC (Rhs, N).last_line;         \
          (Current).last_column  = YYRHSLOC (Rhs, N).last_column;       \
        }                                                               \
      else                                                              \
        {                                                               \
          (Current).first_line   = (Current).last_line   =              \
            YYRHSLOC (Rhs, 0).last_line;                                \
          (Current).first_column = (Current).last_column =              \
            YYRHSLOC (Rhs, 0).last_column;                              \
        }                                                               \
    while (0)
#endif

#define YYRHSLOC(Rhs, K) ((Rhs)[K])


/* Enable debugging if requested.  */
#if K_YYDEBUG

# ifndef YYFPRINTF
#  include <stdio.h> /* INFRINGES ON USER NAME SPACE */
#  define YYFPRINTF fprintf
# endif

# define YYDPRINTF(Args)                        \
do {                                            \
  if (yydebug)                                  \
    YYFPRINTF Args;                             \
} while (0)


/* YYLOCATION_PRINT -- Print the location on the stream.
   This macro was not mandated originally: define only if we know
   we won't break user code: when these are the locations we know.  */

# ifndef YYLOCATION_PRINT

#  if defined YY_LOCATION_PRINT

   /* Temporary convenience wrapper in case some people defined the
      undocumented and private YY_LOCATION_PRINT macros.  */
#   define YYLOCATION_PRINT(File, Loc)  YY_LOCATION_PRINT(File, *(Loc))

#  elif defined K_YYLTYPE_IS_TRIVIAL && K_YYLTYPE_IS_TRIVIAL

/* Print *YYLOCP on YYO.  Private, do not rely on its existence. */

YY_ATTRIBUTE_UNUSED
static int
yy_location_print_ (FILE *yyo, YYLTYPE const * const yylocp)
{
  int res = 0;
  int end_col = 0 != yylocp->last_column ? yylocp->last_column - 1 : 0;
  if (0 <= yylocp->first_line)
    {
      res += YYFPRINTF (yyo, "%d", yylocp->first_line);
      if (0 <= yylocp->first_column)
        res += YYFPRINTF (yyo, ".%d", yylocp->first_column);
    }
  if (0 <= yylocp->last_line)
    {
      if (yylocp->first_line < yylocp->last_line)
        {
          res += YYFPRINTF (yyo, "-%d", yylocp->last_line);
          if (0 <= end_col)
            res += YYFPRINTF (yyo, ".%d", end_col);
        }
      else if (0 <= end_col && yylocp->first_column < end_col)
        res += YYFPRINTF (yyo, "-%d", end_col);
    }
  return res;
}

#   define YYLOCATION_PRINT  yy_location_print_

    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT(File, Loc)  YYLOCATION_PRINT(File, &(Loc))

#  else

#   define YYLOCATION_PRINT(File, Loc) ((void) 0)
    /* Temporary convenience wrapper in case some people defined the
       undocumented and private YY_LOCATION_PRINT macros.  */
#   define YY_LOCATION_PRINT  YYLOCATION_PRINT

#  endif
# endif /* !defined YYLOCATION_PRINT */


# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)                    \
do {                                                                      \
  if (yydebug)                                                            \
    {                                                                     \
      YYFPRINTF (stderr, "%s ", Title);                                   \
      yy_symbol_print (stderr,                                            \
                  Kind, Value, Location, ps); \
      YYFPRINTF (stderr, "\n");                                           \
    }                                                                     \
} while (0)


/*-----------------------------------.
| Print this symbol's value on YYO.  |
`-----------------------------------*/

static void
yy_symbol_value_print (FILE *yyo,
                       yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, k_parser *ps)
{
  FILE *yyoutput = yyo;
  YY_USE (yyoutput);
  YY_USE (yylocationp);
  YY_USE (ps);
  if (!yyvaluep)
    return;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  YY_USE (yykind);
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}


/*---------------------------.
| Print this symbol on YYO.  |
`---------------------------*/

static void
yy_symbol_print (FILE *yyo,
                 yysymbol_kind_t yykind, YYSTYPE const * const yyvaluep, YYLTYPE const * const yylocationp, k_parser *ps)
{
  YYFPRINTF (yyo, "%s %s (",
             yykind < YYNTOKENS ? "token" : "nterm", yysymbol_name (yykind));

  YYLOCATION_PRINT (yyo, yylocationp);
  YYFPRINTF (yyo, ": ");
  yy_symbol_value_print (yyo, yykind, yyvaluep, yylocationp, ps);
  YYFPRINTF (yyo, ")");
}

/*------------------------------------------------------------------.
| yy_stack_print -- Print the state stack from its BOTTOM up to its |
| TOP (included).                                                   |
`------------------------------------------------------------------*/

static void
yy_stack_print (yy_state_t *yybottom, yy_state_t *yytop)
{
  YYFPRINTF (stderr, "Stack now");
  for (; yybottom <= yytop; yybottom++)
    {
      int yybot = *yybottom;
      YYFPRINTF (stderr, " %d", yybot);
    }
  YYFPRINTF (stderr, "\n");
}

# define YY_STACK_PRINT(Bottom, Top)                            \
do {                                                            \
  if (yydebug)                                                  \
    yy_stack_print ((Bottom), (Top));                           \
} while (0)


/*------------------------------------------------.
| Report that the YYRULE is going to be reduced.  |
`------------------------------------------------*/

static void
yy_reduce_print (yy_state_t *yyssp, YYSTYPE *yyvsp, YYLTYPE *yylsp,
                 int yyrule, k_parser *ps)
{
  int yylno = yyrline[yyrule];
  int yynrhs = yyr2[yyrule];
  int yyi;
  YYFPRINTF (stderr, "Reducing stack by rule %d (line %d):\n",
             yyrule - 1, yylno);
  /* The symbols being reduced.  */
  for (yyi = 0; yyi < yynrhs; yyi++)
    {
      YYFPRINTF (stderr, "   $%d = ", yyi + 1);
      yy_symbol_print (stderr,
                       YY_ACCESSING_SYMBOL (+yyssp[yyi + 1 - yynrhs]),
                       &yyvsp[(yyi + 1) - (yynrhs)],
                       &(yylsp[(yyi + 1) - (yynrhs)]), ps);
      YYFPRINTF (stderr, "\n");
    }
}

# define YY_REDUCE_PRINT(Rule)          \
do {                                    \
  if (yydebug)                          \
    yy_reduce_print (yyssp, yyvsp, yylsp, Rule, ps); \
} while (0)

/* Nonzero means print parse trace.  It is left uninitialized so that
   multiple parsers can coexist.  */
int yydebug;
#else /* !K_YYDEBUG */
# define YYDPRINTF(Args) ((void) 0)
# define YY_SYMBOL_PRINT(Title, Kind, Value, Location)
# define YY_STACK_PRINT(Bottom, Top)
# define YY_REDUCE_PRINT(Rule)
#endif /* !K_YYDEBUG */


/* YYINITDEPTH -- initial size of the parser's stacks.  */
#ifndef YYINITDEPTH
# define YYINITDEPTH 200
#endif

/* YYMAXDEPTH -- maximum size the stacks can grow to (effective only
   if the built-in stack extension method is used).

   Do not make this value too large; the results are undefined if
   YYSTACK_ALLOC_MAXIMUM < YYSTACK_BYTES (YYMAXDEPTH)
   evaluated with infinite-precision integer arithmetic.  */

#ifndef YYMAXDEPTH
# define YYMAXDEPTH 10000
#endif


/* Given a state stack such that *YYBOTTOM is its bottom, such that
   *YYTOP is either its top or is YYTOP_EMPTY to indicate an empty
   stack, and such that *YYCAPACITY is the maximum number of elements it
   can hold without a reallocation, make sure there is enough room to
   store YYADD more elements.  If not, allocate a new stack using
   YYSTACK_ALLOC, copy the existing elements, and adjust *YYBOTTOM,
   *YYTOP, and *YYCAPACITY to reflect the new capacity and memory
   location.  If *YYBOTTOM != YYBOTTOM_NO_FREE, then free the old stack
   using YYSTACK_FREE.  Return 0 if successful or if no reallocation is
   required.  Return YYENOMEM if memory is exhausted.  */
static int
yy_lac_stack_realloc (YYPTRDIFF_T *yycapacity, YYPTRDIFF_T yyadd,
#if K_YYDEBUG
                      char const *yydebug_prefix,
                      char const *yydebug_suffix,
#endif
                      yy_state_t **yybottom,
                      yy_state_t *yybottom_no_free,
                      yy_state_t **yytop, yy_state_t *yytop_empty)
{
  YYPTRDIFF_T yysize_old =
    *yytop == yytop_empty ? 0 : *yytop - *yybottom + 1;
  YYPTRDIFF_T yysize_new = yysize_old + yyadd;
  if (*yycapacity < yysize_new)
    {
      YYPTRDIFF_T yyalloc = 2 * yysize_new;
      yy_state_t *yybottom_new;
      /* Use YYMAXDEPTH for maximum stack size given that the stack
         should never need to grow larger than the main state stack
         needs to grow without LAC.  */
      if (YYMAXDEPTH < yysize_new)
        {
          YYDPRINTF ((stderr, "%smax size exceeded%s", yydebug_prefix,
                      yydebug_suffix));
          return YYENOMEM;
        }
      if (YYMAXDEPTH < yyalloc)
        yyalloc = YYMAXDEPTH;
      yybottom_new =
        YY_CAST (yy_state_t *,
                 YYSTACK_ALLOC (YY_CAST (YYSIZE_T,
                                         yyalloc * YYSIZEOF (*yybottom_new))));
      if (!yybottom_new)
        {
          YYDPRINTF ((stderr, "%srealloc failed%s", yydebug_prefix,
                      yydebug_suffix));
          return YYENOMEM;
        }
      if (*yytop != yytop_empty)
        {
          YYCOPY (yybottom_new, *yybottom, yysize_old);
          *yytop = yybottom_new + (yysize_old - 1);
        }
      if (*yybottom != yybottom_no_free)
        YYSTACK_FREE (*yybottom);
      *yybottom = yybottom_new;
      *yycapacity = yyalloc;
    }
  return 0;
}

/* Establish the initial context for the current lookahead if no initial
   context is currently established.

   We define a context as a snapshot of the parser stacks.  We define
   the initial context for a lookahead as the context in which the
   parser initially examines that lookahead in order to select a
   syntactic action.  Thus, if the lookahead eventually proves
   syntactically unacceptable (possibly in a later context reached via a
   series of reductions), the initial context can be used to determine
   the exact set of tokens that would be syntactically acceptable in the
   lookahead's place.  Moreover, it is the context after which any
   further semantic actions would be erroneous because they would be
   determined by a syntactically unacceptable token.

   YY_LAC_ESTABLISH should be invoked when a reduction is about to be
   performed in an inconsistent state (which, for the purposes of LAC,
   includes consistent states that don't know they're consistent because
   their default reductions have been disabled).  Iff there is a
   lookahead token, it should also be invoked before reporting a syntax
   error.  This latter case is for the sake of the debugging output.

   For parse.lac=full, the implementation of YY_LAC_ESTABLISH is as
   follows.  If no initial context is currently established for the
   current lookahead, then check if that lookahead can eventually be
   shifted if syntactic actions continue from the current context.
   Report a syntax error if it cannot.  */
#define YY_LAC_ESTABLISH                                                \
do {                                                                    \
  if (!yy_lac_established)                                              \
    {                                                                   \
      YYDPRINTF ((stderr,                                               \
                  "LAC: initial context established for %s\n",          \
                  yysymbol_name (yytoken)));                            \
      yy_lac_established = 1;                                           \
      switch (yy_lac (yyesa, &yyes, &yyes_capacity, yyssp, yytoken))    \
        {                                                               \
        case YYENOMEM:                                                  \
          YYNOMEM;                                                      \
        case 1:                                                         \
          goto yyerrlab;                                                \
        }                                                               \
    }                                                                   \
} while (0)

/* Discard any previous initial lookahead context because of Event,
   which may be a lookahead change or an invalidation of the currently
   established initial context for the current lookahead.

   The most common example of a lookahead change is a shift.  An example
   of both cases is syntax error recovery.  That is, a syntax error
   occurs when the lookahead is syntactically erroneous for the
   currently established initial context, so error recovery manipulates
   the parser stacks to try to find a new initial context in which the
   current lookahead is syntactically acceptable.  If it fails to find
   such a context, it discards the lookahead.  */
#if K_YYDEBUG
# define YY_LAC_DISCARD(Event)                                           \
do {                                                                     \
  if (yy_lac_established)                                                \
    {                                                                    \
      YYDPRINTF ((stderr, "LAC: initial context discarded due to "       \
                  Event "\n"));                                          \
      yy_lac_established = 0;                                            \
    }                                                                    \
} while (0)
#else
# define YY_LAC_DISCARD(Event) yy_lac_established = 0
#endif

/* Given the stack whose top is *YYSSP, return 0 iff YYTOKEN can
   eventually (after perhaps some reductions) be shifted, return 1 if
   not, or return YYENOMEM if memory is exhausted.  As preconditions and
   postconditions: *YYES_CAPACITY is the allocated size of the array to
   which *YYES points, and either *YYES = YYESA or *YYES points to an
   array allocated with YYSTACK_ALLOC.  yy_lac may overwrite the
   contents of either array, alter *YYES and *YYES_CAPACITY, and free
   any old *YYES other than YYESA.  */
static int
yy_lac (yy_state_t *yyesa, yy_state_t **yyes,
        YYPTRDIFF_T *yyes_capacity, yy_state_t *yyssp, yysymbol_kind_t yytoken)
{
  yy_state_t *yyes_prev = yyssp;
  yy_state_t *yyesp = yyes_prev;
  /* Reduce until we encounter a shift and thereby accept the token.  */
  YYDPRINTF ((stderr, "LAC: checking lookahead %s:", yysymbol_name (yytoken)));
  if (yytoken == YYSYMBOL_YYUNDEF)
    {
      YYDPRINTF ((stderr, " Always Err\n"));
      return 1;
    }
  while (1)
    {
      int yyrule = yypact[+*yyesp];
      if (yypact_value_is_default (yyrule)
          || (yyrule += yytoken) < 0 || YYLAST < yyrule
          || yycheck[yyrule] != yytoken)
        {
          /* Use the default action.  */
          yyrule = yydefact[+*yyesp];
          if (yyrule == 0)
            {
              YYDPRINTF ((stderr, " Err\n"));
              return 1;
            }
        }
      else
        {
          /* Use the action from yytable.  */
          yyrule = yytable[yyrule];
          if (yytable_value_is_error (yyrule))
            {
              YYDPRINTF ((stderr, " Err\n"));
              return 1;
            }
          if (0 < yyrule)
            {
              YYDPRINTF ((stderr, " S%d\n", yyrule));
              return 0;
            }
          yyrule = -yyrule;
        }
      /* By now we know we have to simulate a reduce.  */
      YYDPRINTF ((stderr, " R%d", yyrule - 1));
      {
        /* Pop the corresponding number of values from the stack.  */
        YYPTRDIFF_T yylen = yyr2[yyrule];
        /* First pop from the LAC stack as many tokens as possible.  */
        if (yyesp != yyes_prev)
          {
            YYPTRDIFF_T yysize = yyesp - *yyes + 1;
            if (yylen < yysize)
              {
                yyesp -= yylen;
                yylen = 0;
              }
            else
              {
                yyesp = yyes_prev;
                yylen -= yysize;
              }
          }
        /* Only afterwards look at the main stack.  */
        if (yylen)
          yyesp = yyes_prev -= yylen;
      }
      /* Push the resulting state of the reduction.  */
      {
        yy_state_fast_t yystate;
        {
          const int yylhs = yyr1[yyrule] - YYNTOKENS;
          const int yyi = yypgoto[yylhs] + *yyesp;
          yystate = (0 <= yyi && yyi <= YYLAST && yycheck[yyi] == *yyesp
                     ? yytable[yyi]
                     : yydefgoto[yylhs]);
        }
        if (yyesp == yyes_prev)
          {
            yyesp = *yyes;
            YY_IGNORE_USELESS_CAST_BEGIN
            *yyesp = YY_CAST (yy_state_t, yystate);
            YY_IGNORE_USELESS_CAST_END
          }
        else
          {
            if (yy_lac_stack_realloc (yyes_capacity, 1,
#if K_YYDEBUG
                                      " (", ")",
#endif
                                      yyes, yyesa, &yyesp, yyes_prev))
              {
                YYDPRINTF ((stderr, "\n"));
                return YYENOMEM;
              }
            YY_IGNORE_USELESS_CAST_BEGIN
            *++yyesp = YY_CAST (yy_state_t, yystate);
            YY_IGNORE_USELESS_CAST_END
          }
        YYDPRINTF ((stderr, " G%d", yystate));
      }
    }
}

/* Context of a parse error.  */
typedef struct
{
  yy_state_t *yyssp;
  yy_state_t *yyesa;
  yy_state_t **yyes;
  YYPTRDIFF_T *yyes_capacity;
  yysymbol_kind_t yytoken;
  YYLTYPE *yylloc;
} yypcontext_t;

/* Put in YYARG at most YYARGN of the expected tokens given the
   current YYCTX, and return the number of tokens stored in YYARG.  If
   YYARG is null, return the number of expected tokens (guaranteed to
   be less than YYNTOKENS).  Return YYENOMEM on memory exhaustion.
   Return 0 if there are more than YYARGN expected tokens, yet fill
   YYARG up to YYARGN. */
static int
yypcontext_expected_tokens (const yypcontext_t *yyctx,
                            yysymbol_kind_t yyarg[], int yyargn)
{
  /* Actual size of YYARG. */
  int yycount = 0;

  int yyx;
  for (yyx = 0; yyx < YYNTOKENS; ++yyx)
    {
      yysymbol_kind_t yysym = YY_CAST (yysymbol_kind_t, yyx);
      if (yysym != YYSYMBOL_YYerror && yysym != YYSYMBOL_YYUNDEF)
        switch (yy_lac (yyctx->yyesa, yyctx->yyes, yyctx->yyes_capacity, yyctx->yyssp, yysym))
          {
          case YYENOMEM:
            return YYENOMEM;
          case 1:
            continue;
          default:
            if (!yyarg)
              ++yycount;
            else if (yycount == yyargn)
              return 0;
            else
              yyarg[yycount++] = yysym;
          }
    }
  if (yyarg && yycount == 0 && 0 < yyargn)
    yyarg[0] = YYSYMBOL_YYEMPTY;
  return yycount;
}




/* The kind of the lookahead of this context.  */
static yysymbol_kind_t
yypcontext_token (const yypcontext_t *yyctx) YY_ATTRIBUTE_UNUSED;

static yysymbol_kind_t
yypcontext_token (const yypcontext_t *yyctx)
{
  return yyctx->yytoken;
}

/* The location of the lookahead of this context.  */
static YYLTYPE *
yypcontext_location (const yypcontext_t *yyctx) YY_ATTRIBUTE_UNUSED;

static YYLTYPE *
yypcontext_location (const yypcontext_t *yyctx)
{
  return yyctx->yylloc;
}

/* User defined function to report a syntax error.  */
static int
yyreport_syntax_error (const yypcontext_t *yyctx, k_parser *ps);

/*-----------------------------------------------.
| Release the memory associated to this symbol.  |
`-----------------------------------------------*/

static void
yydestruct (const char *yymsg,
            yysymbol_kind_t yykind, YYSTYPE *yyvaluep, YYLTYPE *yylocationp, k_parser *ps)
{
  YY_USE (yyvaluep);
  YY_USE (yylocationp);
  YY_USE (ps);
  if (!yymsg)
    yymsg = "Deleting";
  YY_SYMBOL_PRINT (yymsg, yykind, yyvaluep, yylocationp);

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  YY_USE (yykind);
  YY_IGNORE_MAYBE_UNINITIALIZED_END
}






/*----------.
| yyparse.  |
`----------*/

int
yyparse (k_parser *ps)
{
/* Lookahead token kind.  */
int yychar;


/* The semantic value of the lookahead symbol.  */
/* Default value used for initialization, for pacifying older GCCs
   or non-GCC compilers.  */
YY_INITIAL_VALUE (static YYSTYPE yyval_default;)
YYSTYPE yylval YY_INITIAL_VALUE (= yyval_default);

/* Location data for the lookahead symbol.  */
static YYLTYPE yyloc_default
# if defined K_YYLTYPE_IS_TRIVIAL && K_YYLTYPE_IS_TRIVIAL
  = { 1, 1, 1, 1 }
# endif
;
YYLTYPE yylloc = yyloc_default;

    /* Number of syntax errors so far.  */
    int yynerrs = 0;

    yy_state_fast_t yystate = 0;
    /* Number of tokens to shift before error messages enabled.  */
    int yyerrstatus = 0;

    /* Refer to the stacks through separate pointers, to allow yyoverflow
       to reallocate them elsewhere.  */

    /* Their size.  */
    YYPTRDIFF_T yystacksize = YYINITDEPTH;

    /* The state stack: array, bottom, top.  */
    yy_state_t yyssa[YYINITDEPTH];
    yy_state_t *yyss = yyssa;
    yy_state_t *yyssp = yyss;

    /* The semantic value stack: array, bottom, top.  */
    YYSTYPE yyvsa[YYINITDEPTH];
    YYSTYPE *yyvs = yyvsa;
    YYSTYPE *yyvsp = yyvs;

    /* The location stack: array, bottom, top.  */
    YYLTYPE yylsa[YYINITDEPTH];
    YYLTYPE *yyls = yylsa;
    YYLTYPE *yylsp = yyls;

    yy_state_t yyesa[20];
    yy_state_t *yyes = yyesa;
    YYPTRDIFF_T yyes_capacity = 20 < YYMAXDEPTH ? 20 : YYMAXDEPTH;

  /* Whether LAC context is established.  A Boolean.  */
  int yy_lac_established = 0;
  int yyn;
  /* The return value of yyparse.  */
  int yyresult;
  /* Lookahead symbol kind.  */
  yysymbol_kind_t yytoken = YYSYMBOL_YYEMPTY;
  /* The variables used to return semantic value and location from the
     action routines.  */
  YYSTYPE yyval;
  YYLTYPE yyloc;

  /* The locations where the error started and ended.  */
  YYLTYPE yyerror_range[3];



#define YYPOPSTACK(N)   (yyvsp -= (N), yyssp -= (N), yylsp -= (N))

  /* The number of symbols on the RHS of the reduced rule.
     Keep to zero when no symbol should be popped.  */
  int yylen = 0;

  YYDPRINTF ((stderr, "Starting parse\n"));

  yychar = K_YYEMPTY; /* Cause a token to be read.  */

  yylsp[0] = yylloc;
  goto yysetstate;


/*------------------------------------------------------------.
| yynewstate -- push a new state, which is found in yystate.  |
`------------------------------------------------------------*/
yynewstate:
  /* In all cases, when you get here, the value and location stacks
     have just been pushed.  So pushing a state here evens the stacks.  */
  yyssp++;


/*--------------------------------------------------------------------.
| yysetstate -- set current state (the top of the stack) to yystate.  |
`--------------------------------------------------------------------*/
yysetstate:
  YYDPRINTF ((stderr, "Entering state %d\n", yystate));
  YY_ASSERT (0 <= yystate && yystate < YYNSTATES);
  YY_IGNORE_USELESS_CAST_BEGIN
  *yyssp = YY_CAST (yy_state_t, yystate);
  YY_IGNORE_USELESS_CAST_END
  YY_STACK_PRINT (yyss, yyssp);

  if (yyss + yystacksize - 1 <= yyssp)
#if !defined yyoverflow && !defined YYSTACK_RELOCATE
    YYNOMEM;
#else
    {
      /* Get the current used size of the three stacks, in elements.  */
      YYPTRDIFF_T yysize = yyssp - yyss + 1;

# if defined yyoverflow
      {
        /* Give user a chance to reallocate the stack.  Use copies of
           these so that the &'s don't force the real ones into
           memory.  */
        yy_state_t *yyss1 = yyss;
        YYSTYPE *yyvs1 = yyvs;
        YYLTYPE *yyls1 = yyls;

        /* Each stack pointer address is followed by the size of the
           data in use in that stack, in bytes.  This used to be a
           conditional around just the two extra args, but that might
           be undefined if yyoverflow is a macro.  */
        yyoverflow (YY_("memory exhausted"),
                    &yyss1, yysize * YYSIZEOF (*yyssp),
                    &yyvs1, yysize * YYSIZEOF (*yyvsp),
                    &yyls1, yysize * YYSIZEOF (*yylsp),
                    &yystacksize);
        yyss = yyss1;
        yyvs = yyvs1;
        yyls = yyls1;
      }
# else /* defined YYSTACK_RELOCATE */
      /* Extend the stack our own way.  */
      if (YYMAXDEPTH <= yystacksize)
        YYNOMEM;
      yystacksize *= 2;
      if (YYMAXDEPTH < yystacksize)
        yystacksize = YYMAXDEPTH;

      {
        yy_state_t *yyss1 = yyss;
        union yyalloc *yyptr =
          YY_CAST (union yyalloc *,
                   YYSTACK_ALLOC (YY_CAST (YYSIZE_T, YYSTACK_BYTES (yystacksize))));
        if (! yyptr)
          YYNOMEM;
        YYSTACK_RELOCATE (yyss_alloc, yyss);
        YYSTACK_RELOCATE (yyvs_alloc, yyvs);
        YYSTACK_RELOCATE (yyls_alloc, yyls);
#  undef YYSTACK_RELOCATE
        if (yyss1 != yyssa)
          YYSTACK_FREE (yyss1);
      }
# endif

      yyssp = yyss + yysize - 1;
      yyvsp = yyvs + yysize - 1;
      yylsp = yyls + yysize - 1;

      YY_IGNORE_USELESS_CAST_BEGIN
      YYDPRINTF ((stderr, "Stack size increased to %ld\n",
                  YY_CAST (long, yystacksize)));
      YY_IGNORE_USELESS_CAST_END

      if (yyss + yystacksize - 1 <= yyssp)
        YYABORT;
    }
#endif /* !defined yyoverflow && !defined YYSTACK_RELOCATE */


  if (yystate == YYFINAL)
    YYACCEPT;

  goto yybackup;


/*-----------.
| yybackup.  |
`-----------*/
yybackup:
  /* Do appropriate processing given the current state.  Read a
     lookahead token if we need one and don't already have one.  */

  /* First try to decide what to do without reference to lookahead token.  */
  yyn = yypact[yystate];
  if (yypact_value_is_default (yyn))
    goto yydefault;

  /* Not known => get a lookahead token if don't already have one.  */

  /* YYCHAR is either empty, or end-of-input, or a valid lookahead.  */
  if (yychar == K_YYEMPTY)
    {
      YYDPRINTF ((stderr, "Reading a token\n"));
      yychar = yylex (&yylval, &yylloc, ps);
    }

  if (yychar <= K_YYEOF)
    {
      yychar = K_YYEOF;
      yytoken = YYSYMBOL_YYEOF;
      YYDPRINTF ((stderr, "Now at end of input.\n"));
    }
  else if (yychar == K_YYerror)
    {
      /* The scanner already issued an error message, process directly
         to error recovery.  But do not keep the error token as
         lookahead, it is too special and may lead us to an endless
         loop in error recovery. */
      yychar = K_YYUNDEF;
      yytoken = YYSYMBOL_YYerror;
      yyerror_range[1] = yylloc;
      goto yyerrlab1;
    }
  else
    {
      yytoken = YYTRANSLATE (yychar);
      YY_SYMBOL_PRINT ("Next token is", yytoken, &yylval, &yylloc);
    }

  /* If the proper action on seeing token YYTOKEN is to reduce or to
     detect an error, take that action.  */
  yyn += yytoken;
  if (yyn < 0 || YYLAST < yyn || yycheck[yyn] != yytoken)
    {
      YY_LAC_ESTABLISH;
      goto yydefault;
    }
  yyn = yytable[yyn];
  if (yyn <= 0)
    {
      if (yytable_value_is_error (yyn))
        goto yyerrlab;
      yyn = -yyn;
      YY_LAC_ESTABLISH;
      goto yyreduce;
    }

  /* Count tokens shifted since error; after three, turn off error
     status.  */
  if (yyerrstatus)
    yyerrstatus--;

  /* Shift the lookahead token.  */
  YY_SYMBOL_PRINT ("Shifting", yytoken, &yylval, &yylloc);
  yystate = yyn;
  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END
  *++yylsp = yylloc;

  /* Discard the shifted token.  */
  yychar = K_YYEMPTY;
  YY_LAC_DISCARD ("shift");
  goto yynewstate;


/*-----------------------------------------------------------.
| yydefault -- do the default action for the current state.  |
`-----------------------------------------------------------*/
yydefault:
  yyn = yydefact[yystate];
  if (yyn == 0)
    goto yyerrlab;
  goto yyreduce;


/*-----------------------------.
| yyreduce -- do a reduction.  |
`-----------------------------*/
yyreduce:
  /* yyn is the number of a rule to reduce with.  */
  yylen = yyr2[yyn];

  /* If YYLEN is nonzero, implement the default value of the action:
     '$$ = $1'.

     Otherwise, the following line sets YYVAL to garbage.
     This behavior is undocumented and Bison
     users should not rely upon it.  Assigning to YYVAL
     unconditionally makes the parser a bit smaller, and it avoids a
     GCC warning that YYVAL may be used uninitialized.  */
  yyval = yyvsp[1-yylen];

  /* Default location. */
  YYLLOC_DEFAULT (yyloc, (yylsp - yylen), yylen);
  yyerror_range[1] = yyloc;
  YY_REDUCE_PRINT (yyn);
  {
    int yychar_backup = yychar;
    switch (yyn)
      {
  case 4: /* external: declaration  */
#line 195 "parser.y"
                                                { add_file_decls(ps, (yyvsp[0].stmt)); }
#line 2189 "parser.c"
    break;

  case 5: /* external: decl_specs declarator compound  */
#line 196 "parser.y"
                                                { add_function(ps, (yyvsp[-2].specs), (yyvsp[-1].dtor), (yyvsp[0].stmt)); }
#line 2195 "parser.c"
    break;

  case 6: /* external: declarator compound  */
#line 198 "parser.y"
        {
            k_error(ps->ctx, (yyvsp[-1].dtor) ? (yyvsp[-1].dtor)->loc : LOC((yylsp[-1])), "type specifier missing before '%s'"
                    " (K has no implicit int)", (yyvsp[-1].dtor) && (yyvsp[-1].dtor)->name ? (yyvsp[-1].dtor)->name : "?");
            add_function(ps, NULL, (yyvsp[-1].dtor), (yyvsp[0].stmt));
        }
#line 2205 "parser.c"
    break;

  case 8: /* external: error ';'  */
#line 204 "parser.y"
                                                { yyerrok; }
#line 2211 "parser.c"
    break;

  case 9: /* external: error '}'  */
#line 205 "parser.y"
                                                { yyerrok; }
#line 2217 "parser.c"
    break;

  case 10: /* declaration: decl_specs init_dtors ';'  */
#line 210 "parser.y"
                                                { (yyval.stmt) = make_decl_stmt(ps, (yyvsp[-2].specs)->loc, (yyvsp[-2].specs), (yyvsp[-1].list)); }
#line 2223 "parser.c"
    break;

  case 11: /* declaration: decl_specs ';'  */
#line 211 "parser.y"
                                                { (yyval.stmt) = make_decl_stmt(ps, (yyvsp[-1].specs)->loc, (yyvsp[-1].specs), NULL); }
#line 2229 "parser.c"
    break;

  case 12: /* decl_specs: storage  */
#line 215 "parser.y"
                                                { (yyval.specs) = specs_new(ps, LOC((yylsp[0]))); (yyval.specs)->storage |= (yyvsp[0].bits); }
#line 2235 "parser.c"
    break;

  case 13: /* decl_specs: qualifier  */
#line 216 "parser.y"
                                                { (yyval.specs) = specs_new(ps, LOC((yylsp[0]))); (yyval.specs)->quals |= (yyvsp[0].bits); }
#line 2241 "parser.c"
    break;

  case 14: /* decl_specs: type_kw  */
#line 217 "parser.y"
                                                { (yyval.specs) = specs_type(ps, specs_new(ps, LOC((yylsp[0]))), (yyvsp[0].op),
                                                                  LOC((yylsp[0])), NULL); }
#line 2248 "parser.c"
    break;

  case 15: /* decl_specs: "type name"  */
#line 219 "parser.y"
                                                { (yyval.specs) = specs_type(ps, specs_new(ps, LOC((yylsp[0]))), 0,
                                                                  LOC((yylsp[0])), (yyvsp[0].type)); }
#line 2255 "parser.c"
    break;

  case 16: /* decl_specs: "typedef"  */
#line 221 "parser.y"
                                                { (yyval.specs) = specs_new(ps, LOC((yylsp[0]))); (yyval.specs)->is_typedef = 1; }
#line 2261 "parser.c"
    break;

  case 17: /* decl_specs: decl_specs storage  */
#line 222 "parser.y"
                                                { (yyval.specs) = (yyvsp[-1].specs); (yyval.specs)->storage |= (yyvsp[0].bits); }
#line 2267 "parser.c"
    break;

  case 18: /* decl_specs: decl_specs qualifier  */
#line 223 "parser.y"
                                                { (yyval.specs) = (yyvsp[-1].specs); (yyval.specs)->quals |= (yyvsp[0].bits); }
#line 2273 "parser.c"
    break;

  case 19: /* decl_specs: decl_specs type_kw  */
#line 224 "parser.y"
                                                { (yyval.specs) = specs_type(ps, (yyvsp[-1].specs), (yyvsp[0].op), LOC((yylsp[0])), NULL); }
#line 2279 "parser.c"
    break;

  case 20: /* decl_specs: decl_specs "type name"  */
#line 225 "parser.y"
                                                { (yyval.specs) = specs_type(ps, (yyvsp[-1].specs), 0, LOC((yylsp[0])), (yyvsp[0].type)); }
#line 2285 "parser.c"
    break;

  case 21: /* decl_specs: decl_specs "typedef"  */
#line 226 "parser.y"
                                                { (yyval.specs) = (yyvsp[-1].specs); (yyval.specs)->is_typedef = 1; }
#line 2291 "parser.c"
    break;

  case 22: /* type_specs: qualifier  */
#line 231 "parser.y"
                                                { (yyval.specs) = specs_new(ps, LOC((yylsp[0]))); (yyval.specs)->quals |= (yyvsp[0].bits); }
#line 2297 "parser.c"
    break;

  case 23: /* type_specs: type_kw  */
#line 232 "parser.y"
                                                { (yyval.specs) = specs_type(ps, specs_new(ps, LOC((yylsp[0]))), (yyvsp[0].op),
                                                                  LOC((yylsp[0])), NULL); }
#line 2304 "parser.c"
    break;

  case 24: /* type_specs: "type name"  */
#line 234 "parser.y"
                                                { (yyval.specs) = specs_type(ps, specs_new(ps, LOC((yylsp[0]))), 0,
                                                                  LOC((yylsp[0])), (yyvsp[0].type)); }
#line 2311 "parser.c"
    break;

  case 25: /* type_specs: type_specs qualifier  */
#line 236 "parser.y"
                                                { (yyval.specs) = (yyvsp[-1].specs); (yyval.specs)->quals |= (yyvsp[0].bits); }
#line 2317 "parser.c"
    break;

  case 26: /* type_specs: type_specs type_kw  */
#line 237 "parser.y"
                                                { (yyval.specs) = specs_type(ps, (yyvsp[-1].specs), (yyvsp[0].op), LOC((yylsp[0])), NULL); }
#line 2323 "parser.c"
    break;

  case 27: /* type_specs: type_specs "type name"  */
#line 238 "parser.y"
                                                { (yyval.specs) = specs_type(ps, (yyvsp[-1].specs), 0, LOC((yylsp[0])), (yyvsp[0].type)); }
#line 2329 "parser.c"
    break;

  case 28: /* storage: "static"  */
#line 242 "parser.y"
                        { (yyval.bits) = ST_STATIC; }
#line 2335 "parser.c"
    break;

  case 29: /* storage: "extern"  */
#line 243 "parser.y"
                        { (yyval.bits) = ST_EXTERN; }
#line 2341 "parser.c"
    break;

  case 30: /* storage: "inline"  */
#line 244 "parser.y"
                        { (yyval.bits) = ST_INLINE; }
#line 2347 "parser.c"
    break;

  case 31: /* storage: "__global__"  */
#line 245 "parser.y"
                        { (yyval.bits) = ST_GLOBAL; }
#line 2353 "parser.c"
    break;

  case 32: /* storage: "__device__"  */
#line 246 "parser.y"
                        { (yyval.bits) = ST_DEVICE; }
#line 2359 "parser.c"
    break;

  case 33: /* storage: "__host__"  */
#line 247 "parser.y"
                        { (yyval.bits) = ST_HOST; }
#line 2365 "parser.c"
    break;

  case 34: /* storage: "__shared__"  */
#line 248 "parser.y"
                        { (yyval.bits) = ST_SHARED; }
#line 2371 "parser.c"
    break;

  case 35: /* storage: "__constant__"  */
#line 249 "parser.y"
                        { (yyval.bits) = ST_CONSTANT; }
#line 2377 "parser.c"
    break;

  case 36: /* storage: "__forceinline__"  */
#line 250 "parser.y"
                        { (yyval.bits) = ST_FORCEINLINE; }
#line 2383 "parser.c"
    break;

  case 37: /* qualifier: "const"  */
#line 254 "parser.y"
                        { (yyval.bits) = Q_CONST; }
#line 2389 "parser.c"
    break;

  case 38: /* qualifier: "volatile"  */
#line 255 "parser.y"
                        { (yyval.bits) = Q_VOLATILE; }
#line 2395 "parser.c"
    break;

  case 39: /* qualifier: "__restrict__"  */
#line 256 "parser.y"
                        { (yyval.bits) = Q_RESTRICT; }
#line 2401 "parser.c"
    break;

  case 40: /* type_kw: "void"  */
#line 260 "parser.y"
                        { (yyval.op) = KW_VOID; }
#line 2407 "parser.c"
    break;

  case 41: /* type_kw: "bool"  */
#line 261 "parser.y"
                        { (yyval.op) = KW_BOOL; }
#line 2413 "parser.c"
    break;

  case 42: /* type_kw: "char"  */
#line 262 "parser.y"
                        { (yyval.op) = KW_CHAR; }
#line 2419 "parser.c"
    break;

  case 43: /* type_kw: "short"  */
#line 263 "parser.y"
                        { (yyval.op) = KW_SHORT; }
#line 2425 "parser.c"
    break;

  case 44: /* type_kw: "int"  */
#line 264 "parser.y"
                        { (yyval.op) = KW_INT; }
#line 2431 "parser.c"
    break;

  case 45: /* type_kw: "long"  */
#line 265 "parser.y"
                        { (yyval.op) = KW_LONG; }
#line 2437 "parser.c"
    break;

  case 46: /* type_kw: "signed"  */
#line 266 "parser.y"
                        { (yyval.op) = KW_SIGNED; }
#line 2443 "parser.c"
    break;

  case 47: /* type_kw: "unsigned"  */
#line 267 "parser.y"
                        { (yyval.op) = KW_UNSIGNED; }
#line 2449 "parser.c"
    break;

  case 48: /* type_kw: "float"  */
#line 268 "parser.y"
                        { (yyval.op) = KW_FLOAT; }
#line 2455 "parser.c"
    break;

  case 49: /* type_kw: "double"  */
#line 269 "parser.y"
                        { (yyval.op) = KW_DOUBLE; }
#line 2461 "parser.c"
    break;

  case 50: /* type_kw: "dim3"  */
#line 270 "parser.y"
                        { (yyval.op) = KW_DIM3; }
#line 2467 "parser.c"
    break;

  case 51: /* type_kw: "uint3"  */
#line 271 "parser.y"
                        { (yyval.op) = KW_UINT3; }
#line 2473 "parser.c"
    break;

  case 52: /* type_kw: "size_t"  */
#line 272 "parser.y"
                        { (yyval.op) = KW_SIZE_T; }
#line 2479 "parser.c"
    break;

  case 53: /* type_kw: "cudaError_t"  */
#line 273 "parser.y"
                        { (yyval.op) = KW_CUDA_ERROR_T; }
#line 2485 "parser.c"
    break;

  case 54: /* type_kw: "cudaEvent_t"  */
#line 274 "parser.y"
                        { (yyval.op) = KW_CUDA_EVENT_T; }
#line 2491 "parser.c"
    break;

  case 55: /* type_kw: "cudaStream_t"  */
#line 275 "parser.y"
                        { (yyval.op) = KW_CUDA_STREAM_T; }
#line 2497 "parser.c"
    break;

  case 56: /* type_kw: "cudaDeviceProp"  */
#line 276 "parser.y"
                          { (yyval.op) = KW_CUDA_DEVICE_PROP; }
#line 2503 "parser.c"
    break;

  case 57: /* qualifiers: qualifier  */
#line 280 "parser.y"
                                                { (yyval.bits) = (yyvsp[0].bits); }
#line 2509 "parser.c"
    break;

  case 58: /* qualifiers: qualifiers qualifier  */
#line 281 "parser.y"
                                                { (yyval.bits) = (yyvsp[-1].bits) | (yyvsp[0].bits); }
#line 2515 "parser.c"
    break;

  case 59: /* init_dtors: init_dtor  */
#line 285 "parser.y"
                                                { (yyval.list) = list_push(ps, NULL, (yyvsp[0].dtor)); }
#line 2521 "parser.c"
    break;

  case 60: /* init_dtors: init_dtors ',' init_dtor  */
#line 286 "parser.y"
                                                { (yyval.list) = list_push(ps, (yyvsp[-2].list), (yyvsp[0].dtor)); }
#line 2527 "parser.c"
    break;

  case 61: /* init_dtor: declarator  */
#line 290 "parser.y"
                                                { (yyval.dtor) = (yyvsp[0].dtor); }
#line 2533 "parser.c"
    break;

  case 62: /* init_dtor: declarator '=' initializer  */
#line 291 "parser.y"
                                                { (yyval.dtor) = (yyvsp[-2].dtor); (yyval.dtor)->init = (yyvsp[0].expr); }
#line 2539 "parser.c"
    break;

  case 63: /* pointer: '*'  */
#line 295 "parser.y"
                                                { (yyval.list) = list_push(ps, NULL, NULL); }
#line 2545 "parser.c"
    break;

  case 64: /* pointer: '*' qualifiers  */
#line 296 "parser.y"
                                    { (yyval.list) = list_push(ps, NULL, (void *)(uintptr_t)(yyvsp[0].bits)); }
#line 2551 "parser.c"
    break;

  case 65: /* pointer: pointer '*'  */
#line 297 "parser.y"
                                                { (yyval.list) = list_push(ps, (yyvsp[-1].list), NULL); }
#line 2557 "parser.c"
    break;

  case 66: /* pointer: pointer '*' qualifiers  */
#line 298 "parser.y"
                                    { (yyval.list) = list_push(ps, (yyvsp[-2].list), (void *)(uintptr_t)(yyvsp[0].bits)); }
#line 2563 "parser.c"
    break;

  case 67: /* declarator: direct_dtor  */
#line 302 "parser.y"
                                                { (yyval.dtor) = (yyvsp[0].dtor); }
#line 2569 "parser.c"
    break;

  case 68: /* declarator: pointer direct_dtor  */
#line 303 "parser.y"
                                                { (yyval.dtor) = dtor_pointer(ps, (yyvsp[-1].list), (yyvsp[0].dtor)); }
#line 2575 "parser.c"
    break;

  case 69: /* direct_dtor: "identifier"  */
#line 307 "parser.y"
                                                { (yyval.dtor) = dtor_new(ps, LOC((yylsp[0])), (yyvsp[0].name)); }
#line 2581 "parser.c"
    break;

  case 70: /* direct_dtor: "identifier" '(' ')'  */
#line 308 "parser.y"
                                 { (yyval.dtor) = dtor_func(ps, dtor_new(ps, LOC((yylsp[-2])), (yyvsp[-2].name)), NULL, 0); }
#line 2587 "parser.c"
    break;

  case 71: /* direct_dtor: "identifier" '(' param_list ')'  */
#line 309 "parser.y"
                                 { (yyval.dtor) = dtor_func(ps, dtor_new(ps, LOC((yylsp[-3])), (yyvsp[-3].name)), (yyvsp[-1].list), 0); }
#line 2593 "parser.c"
    break;

  case 72: /* direct_dtor: "identifier" '(' param_list ',' "..." ')'  */
#line 311 "parser.y"
                                 { (yyval.dtor) = dtor_func(ps, dtor_new(ps, LOC((yylsp[-5])), (yyvsp[-5].name)), (yyvsp[-3].list), 1); }
#line 2599 "parser.c"
    break;

  case 73: /* direct_dtor: "identifier" '(' args ')'  */
#line 313 "parser.y"
        {
            (yyval.dtor) = dtor_new(ps, LOC((yylsp[-3])), (yyvsp[-3].name));
            (yyval.dtor)->is_ctor = 1;
            for (int i = 0; i < (yyvsp[-1].list)->n; i++)
                list_append(ps, &(yyval.dtor)->ctor_args, (yyvsp[-1].list)->items[i]);
        }
#line 2610 "parser.c"
    break;

  case 74: /* direct_dtor: direct_dtor '[' ']'  */
#line 319 "parser.y"
                                                { (yyval.dtor) = (yyvsp[-2].dtor); list_append(ps, &(yyval.dtor)->dims, NULL); }
#line 2616 "parser.c"
    break;

  case 75: /* direct_dtor: direct_dtor '[' const_expr ']'  */
#line 320 "parser.y"
                                                { (yyval.dtor) = (yyvsp[-3].dtor); list_append(ps, &(yyval.dtor)->dims, (yyvsp[-1].expr)); }
#line 2622 "parser.c"
    break;

  case 76: /* param_list: param  */
#line 324 "parser.y"
                                                { (yyval.list) = list_push(ps, NULL, (yyvsp[0].decl)); }
#line 2628 "parser.c"
    break;

  case 77: /* param_list: param_list ',' param  */
#line 325 "parser.y"
                                                { (yyval.list) = list_push(ps, (yyvsp[-2].list), (yyvsp[0].decl)); }
#line 2634 "parser.c"
    break;

  case 78: /* param: decl_specs declarator  */
#line 330 "parser.y"
                                                { (yyval.decl) = make_param(ps, (yyvsp[-1].specs), (yyvsp[0].dtor), LOC((yylsp[-1]))); }
#line 2640 "parser.c"
    break;

  case 79: /* param: decl_specs abstract_opt  */
#line 331 "parser.y"
                                                { (yyval.decl) = make_param(ps, (yyvsp[-1].specs), (yyvsp[0].dtor), LOC((yylsp[-1]))); }
#line 2646 "parser.c"
    break;

  case 80: /* abstract_opt: %empty  */
#line 335 "parser.y"
                                                { (yyval.dtor) = dtor_new(ps, (k_loc){0, 0}, NULL); }
#line 2652 "parser.c"
    break;

  case 81: /* abstract_opt: abstract  */
#line 336 "parser.y"
                                                { (yyval.dtor) = (yyvsp[0].dtor); }
#line 2658 "parser.c"
    break;

  case 82: /* abstract: pointer  */
#line 340 "parser.y"
                                { (yyval.dtor) = dtor_pointer(ps, (yyvsp[0].list), dtor_new(ps, LOC((yylsp[0])), NULL)); }
#line 2664 "parser.c"
    break;

  case 83: /* abstract: direct_abstract  */
#line 341 "parser.y"
                                                { (yyval.dtor) = (yyvsp[0].dtor); }
#line 2670 "parser.c"
    break;

  case 84: /* abstract: pointer direct_abstract  */
#line 342 "parser.y"
                                                { (yyval.dtor) = dtor_pointer(ps, (yyvsp[-1].list), (yyvsp[0].dtor)); }
#line 2676 "parser.c"
    break;

  case 85: /* direct_abstract: '[' ']'  */
#line 346 "parser.y"
                            { (yyval.dtor) = dtor_new(ps, LOC((yylsp[-1])), NULL); list_append(ps, &(yyval.dtor)->dims, NULL); }
#line 2682 "parser.c"
    break;

  case 86: /* direct_abstract: '[' const_expr ']'  */
#line 347 "parser.y"
                            { (yyval.dtor) = dtor_new(ps, LOC((yylsp[-2])), NULL); list_append(ps, &(yyval.dtor)->dims, (yyvsp[-1].expr)); }
#line 2688 "parser.c"
    break;

  case 87: /* direct_abstract: direct_abstract '[' ']'  */
#line 348 "parser.y"
                                                { (yyval.dtor) = (yyvsp[-2].dtor); list_append(ps, &(yyval.dtor)->dims, NULL); }
#line 2694 "parser.c"
    break;

  case 88: /* direct_abstract: direct_abstract '[' const_expr ']'  */
#line 349 "parser.y"
                                                { (yyval.dtor) = (yyvsp[-3].dtor); list_append(ps, &(yyval.dtor)->dims, (yyvsp[-1].expr)); }
#line 2700 "parser.c"
    break;

  case 89: /* type_name: type_specs abstract_opt  */
#line 353 "parser.y"
                                                { (yyval.type) = type_name(ps, (yyvsp[-1].specs), (yyvsp[0].dtor)); }
#line 2706 "parser.c"
    break;

  case 90: /* initializer: assign  */
#line 357 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 2712 "parser.c"
    break;

  case 91: /* initializer: '{' '}'  */
#line 358 "parser.y"
                                { (yyval.expr) = make_init_list(ps, LOC((yylsp[-1])), NULL); }
#line 2718 "parser.c"
    break;

  case 92: /* initializer: '{' init_list '}'  */
#line 359 "parser.y"
                                { (yyval.expr) = make_init_list(ps, LOC((yylsp[-2])), (yyvsp[-1].list)); }
#line 2724 "parser.c"
    break;

  case 93: /* initializer: '{' init_list ',' '}'  */
#line 360 "parser.y"
                                { (yyval.expr) = make_init_list(ps, LOC((yylsp[-3])), (yyvsp[-2].list)); }
#line 2730 "parser.c"
    break;

  case 94: /* init_list: initializer  */
#line 364 "parser.y"
                                                { (yyval.list) = list_push(ps, NULL, (yyvsp[0].expr)); }
#line 2736 "parser.c"
    break;

  case 95: /* init_list: init_list ',' initializer  */
#line 365 "parser.y"
                                                { (yyval.list) = list_push(ps, (yyvsp[-2].list), (yyvsp[0].expr)); }
#line 2742 "parser.c"
    break;

  case 96: /* compound: '{' block_items '}'  */
#line 370 "parser.y"
                                                { (yyval.stmt) = make_block(ps, LOC((yylsp[-2])), (yyvsp[-1].list)); }
#line 2748 "parser.c"
    break;

  case 97: /* compound: '{' block_items error '}'  */
#line 371 "parser.y"
                                                { (yyval.stmt) = make_block(ps, LOC((yylsp[-3])), (yyvsp[-2].list)); yyerrok; }
#line 2754 "parser.c"
    break;

  case 98: /* block_items: %empty  */
#line 375 "parser.y"
                                                { (yyval.list) = list_new(ps); }
#line 2760 "parser.c"
    break;

  case 99: /* block_items: block_items block_item  */
#line 376 "parser.y"
                                                { (yyval.list) = (yyvsp[0].stmt) ? list_push(ps, (yyvsp[-1].list), (yyvsp[0].stmt)) : (yyvsp[-1].list); }
#line 2766 "parser.c"
    break;

  case 100: /* block_item: declaration  */
#line 380 "parser.y"
                                                { (yyval.stmt) = (yyvsp[0].stmt); }
#line 2772 "parser.c"
    break;

  case 101: /* block_item: statement  */
#line 381 "parser.y"
                                                { (yyval.stmt) = (yyvsp[0].stmt); }
#line 2778 "parser.c"
    break;

  case 102: /* block_item: error ';'  */
#line 382 "parser.y"
                                                { (yyval.stmt) = NULL; yyerrok; }
#line 2784 "parser.c"
    break;

  case 103: /* statement: compound  */
#line 386 "parser.y"
                                                { (yyval.stmt) = (yyvsp[0].stmt); }
#line 2790 "parser.c"
    break;

  case 104: /* statement: expr ';'  */
#line 387 "parser.y"
                                    { (yyval.stmt) = stmt_new(ps, S_EXPR, LOC((yylsp[-1]))); if ((yyval.stmt)) (yyval.stmt)->expr = (yyvsp[-1].expr); }
#line 2796 "parser.c"
    break;

  case 105: /* statement: ';'  */
#line 388 "parser.y"
                                                { (yyval.stmt) = stmt_new(ps, S_EMPTY, LOC((yylsp[0]))); }
#line 2802 "parser.c"
    break;

  case 106: /* statement: "if" '(' expr ')' statement  */
#line 390 "parser.y"
        { (yyval.stmt) = stmt_new(ps, S_IF, LOC((yylsp[-4]))); if ((yyval.stmt)) { (yyval.stmt)->expr = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[0].stmt); } }
#line 2808 "parser.c"
    break;

  case 107: /* statement: "if" '(' expr ')' statement "else" statement  */
#line 392 "parser.y"
        {
            (yyval.stmt) = stmt_new(ps, S_IF, LOC((yylsp[-6])));
            if ((yyval.stmt)) { (yyval.stmt)->expr = (yyvsp[-4].expr); (yyval.stmt)->body = (yyvsp[-2].stmt); (yyval.stmt)->else_body = (yyvsp[0].stmt); }
        }
#line 2817 "parser.c"
    break;

  case 108: /* statement: "while" '(' expr ')' statement  */
#line 397 "parser.y"
        { (yyval.stmt) = stmt_new(ps, S_WHILE, LOC((yylsp[-4]))); if ((yyval.stmt)) { (yyval.stmt)->expr = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[0].stmt); } }
#line 2823 "parser.c"
    break;

  case 109: /* statement: "do" statement "while" '(' expr ')' ';'  */
#line 399 "parser.y"
        { (yyval.stmt) = stmt_new(ps, S_DO, LOC((yylsp[-6]))); if ((yyval.stmt)) { (yyval.stmt)->expr = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[-5].stmt); } }
#line 2829 "parser.c"
    break;

  case 110: /* statement: "for" '(' for_init expr_opt ';' expr_opt ')' statement  */
#line 401 "parser.y"
        {
            (yyval.stmt) = stmt_new(ps, S_FOR, LOC((yylsp[-7])));
            if ((yyval.stmt)) { (yyval.stmt)->init = (yyvsp[-5].stmt); (yyval.stmt)->expr = (yyvsp[-4].expr); (yyval.stmt)->step = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[0].stmt); }
        }
#line 2838 "parser.c"
    break;

  case 111: /* statement: "switch" '(' expr ')' statement  */
#line 406 "parser.y"
        { (yyval.stmt) = stmt_new(ps, S_SWITCH, LOC((yylsp[-4]))); if ((yyval.stmt)) { (yyval.stmt)->expr = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[0].stmt); } }
#line 2844 "parser.c"
    break;

  case 112: /* statement: "case" const_expr ':' statement  */
#line 408 "parser.y"
        { (yyval.stmt) = stmt_new(ps, S_CASE, LOC((yylsp[-3]))); if ((yyval.stmt)) { (yyval.stmt)->expr = (yyvsp[-2].expr); (yyval.stmt)->body = (yyvsp[0].stmt); } }
#line 2850 "parser.c"
    break;

  case 113: /* statement: "default" ':' statement  */
#line 410 "parser.y"
        { (yyval.stmt) = stmt_new(ps, S_DEFAULT, LOC((yylsp[-2]))); if ((yyval.stmt)) (yyval.stmt)->body = (yyvsp[0].stmt); }
#line 2856 "parser.c"
    break;

  case 114: /* statement: "break" ';'  */
#line 411 "parser.y"
                                                { (yyval.stmt) = stmt_new(ps, S_BREAK, LOC((yylsp[-1]))); }
#line 2862 "parser.c"
    break;

  case 115: /* statement: "continue" ';'  */
#line 412 "parser.y"
                                                { (yyval.stmt) = stmt_new(ps, S_CONTINUE, LOC((yylsp[-1]))); }
#line 2868 "parser.c"
    break;

  case 116: /* statement: "return" expr_opt ';'  */
#line 414 "parser.y"
        { (yyval.stmt) = stmt_new(ps, S_RETURN, LOC((yylsp[-2]))); if ((yyval.stmt)) (yyval.stmt)->expr = (yyvsp[-1].expr); }
#line 2874 "parser.c"
    break;

  case 117: /* statement: "goto" "identifier" ';'  */
#line 415 "parser.y"
                                    { (void)(yyvsp[-1].name); (yyval.stmt) = stmt_new(ps, S_EMPTY, LOC((yylsp[-2]))); }
#line 2880 "parser.c"
    break;

  case 118: /* statement: "identifier" ':' statement  */
#line 417 "parser.y"
        {
            (void)(yyvsp[-2].name);
            k_error(ps->ctx, LOC((yylsp[-2])), "labels are not supported in K (there is no goto)");
            (yyval.stmt) = (yyvsp[0].stmt);
        }
#line 2890 "parser.c"
    break;

  case 119: /* for_init: expr_opt ';'  */
#line 426 "parser.y"
        {
            (yyval.stmt) = NULL;
            if ((yyvsp[-1].expr) && ((yyval.stmt) = stmt_new(ps, S_EXPR, LOC((yylsp[-1])))))
                (yyval.stmt)->expr = (yyvsp[-1].expr);
        }
#line 2900 "parser.c"
    break;

  case 120: /* for_init: declaration  */
#line 431 "parser.y"
                                                { (yyval.stmt) = (yyvsp[0].stmt); }
#line 2906 "parser.c"
    break;

  case 121: /* expr_opt: %empty  */
#line 436 "parser.y"
                                                { (yyval.expr) = NULL; }
#line 2912 "parser.c"
    break;

  case 122: /* expr_opt: expr  */
#line 437 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 2918 "parser.c"
    break;

  case 123: /* expr: assign  */
#line 441 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 2924 "parser.c"
    break;

  case 124: /* expr: expr ',' assign  */
#line 442 "parser.y"
                                { (yyval.expr) = expr_binary(ps, E_BINARY, KB_COMMA, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2930 "parser.c"
    break;

  case 125: /* assign: cond  */
#line 446 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 2936 "parser.c"
    break;

  case 126: /* assign: unary assign_op assign  */
#line 447 "parser.y"
                                { (yyval.expr) = expr_binary(ps, E_ASSIGN, (yyvsp[-1].op), LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 2942 "parser.c"
    break;

  case 127: /* assign_op: '='  */
#line 451 "parser.y"
                        { (yyval.op) = KB_NONE; }
#line 2948 "parser.c"
    break;

  case 128: /* assign_op: "*="  */
#line 452 "parser.y"
                        { (yyval.op) = KB_MUL; }
#line 2954 "parser.c"
    break;

  case 129: /* assign_op: "/="  */
#line 453 "parser.y"
                        { (yyval.op) = KB_DIV; }
#line 2960 "parser.c"
    break;

  case 130: /* assign_op: "%="  */
#line 454 "parser.y"
                        { (yyval.op) = KB_MOD; }
#line 2966 "parser.c"
    break;

  case 131: /* assign_op: "+="  */
#line 455 "parser.y"
                        { (yyval.op) = KB_ADD; }
#line 2972 "parser.c"
    break;

  case 132: /* assign_op: "-="  */
#line 456 "parser.y"
                        { (yyval.op) = KB_SUB; }
#line 2978 "parser.c"
    break;

  case 133: /* assign_op: "<<="  */
#line 457 "parser.y"
                        { (yyval.op) = KB_SHL; }
#line 2984 "parser.c"
    break;

  case 134: /* assign_op: ">>="  */
#line 458 "parser.y"
                        { (yyval.op) = KB_SHR; }
#line 2990 "parser.c"
    break;

  case 135: /* assign_op: "&="  */
#line 459 "parser.y"
                        { (yyval.op) = KB_BITAND; }
#line 2996 "parser.c"
    break;

  case 136: /* assign_op: "^="  */
#line 460 "parser.y"
                        { (yyval.op) = KB_BITXOR; }
#line 3002 "parser.c"
    break;

  case 137: /* assign_op: "|="  */
#line 461 "parser.y"
                        { (yyval.op) = KB_BITOR; }
#line 3008 "parser.c"
    break;

  case 138: /* const_expr: cond  */
#line 465 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3014 "parser.c"
    break;

  case 139: /* cond: binary  */
#line 469 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3020 "parser.c"
    break;

  case 140: /* cond: binary '?' expr ':' cond  */
#line 470 "parser.y"
                                                { (yyval.expr) = expr_cond(ps, LOC((yylsp[-3])), (yyvsp[-4].expr), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3026 "parser.c"
    break;

  case 141: /* binary: cast  */
#line 474 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3032 "parser.c"
    break;

  case 142: /* binary: binary "||" binary  */
#line 475 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_LOGOR, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3038 "parser.c"
    break;

  case 143: /* binary: binary "&&" binary  */
#line 476 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_LOGAND, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3044 "parser.c"
    break;

  case 144: /* binary: binary '|' binary  */
#line 477 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_BITOR, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3050 "parser.c"
    break;

  case 145: /* binary: binary '^' binary  */
#line 478 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_BITXOR, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3056 "parser.c"
    break;

  case 146: /* binary: binary '&' binary  */
#line 479 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_BITAND, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3062 "parser.c"
    break;

  case 147: /* binary: binary "==" binary  */
#line 480 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_EQ, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3068 "parser.c"
    break;

  case 148: /* binary: binary "!=" binary  */
#line 481 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_NE, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3074 "parser.c"
    break;

  case 149: /* binary: binary '<' binary  */
#line 482 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_LT, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3080 "parser.c"
    break;

  case 150: /* binary: binary '>' binary  */
#line 483 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_GT, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3086 "parser.c"
    break;

  case 151: /* binary: binary "<=" binary  */
#line 484 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_LE, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3092 "parser.c"
    break;

  case 152: /* binary: binary ">=" binary  */
#line 485 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_GE, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3098 "parser.c"
    break;

  case 153: /* binary: binary "<<" binary  */
#line 486 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_SHL, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3104 "parser.c"
    break;

  case 154: /* binary: binary ">>" binary  */
#line 487 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_SHR, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3110 "parser.c"
    break;

  case 155: /* binary: binary '+' binary  */
#line 488 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_ADD, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3116 "parser.c"
    break;

  case 156: /* binary: binary '-' binary  */
#line 489 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_SUB, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3122 "parser.c"
    break;

  case 157: /* binary: binary '*' binary  */
#line 490 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_MUL, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3128 "parser.c"
    break;

  case 158: /* binary: binary '/' binary  */
#line 491 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_DIV, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3134 "parser.c"
    break;

  case 159: /* binary: binary '%' binary  */
#line 492 "parser.y"
                            { (yyval.expr) = expr_binary(ps, E_BINARY, KB_MOD, LOC((yylsp[-1])), (yyvsp[-2].expr), (yyvsp[0].expr)); }
#line 3140 "parser.c"
    break;

  case 160: /* cast: unary  */
#line 496 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3146 "parser.c"
    break;

  case 161: /* cast: '(' type_name ')' cast  */
#line 498 "parser.y"
        {
            (yyval.expr) = expr_unary(ps, E_CAST, 0, LOC((yylsp[-3])), (yyvsp[0].expr));
            if ((yyval.expr)) (yyval.expr)->type_written = (yyvsp[-2].type);
        }
#line 3155 "parser.c"
    break;

  case 162: /* unary: postfix  */
#line 505 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3161 "parser.c"
    break;

  case 163: /* unary: "++" unary  */
#line 506 "parser.y"
                                    { (yyval.expr) = expr_unary(ps, E_UNARY, KU_PREINC, LOC((yylsp[-1])), (yyvsp[0].expr)); }
#line 3167 "parser.c"
    break;

  case 164: /* unary: "--" unary  */
#line 507 "parser.y"
                                    { (yyval.expr) = expr_unary(ps, E_UNARY, KU_PREDEC, LOC((yylsp[-1])), (yyvsp[0].expr)); }
#line 3173 "parser.c"
    break;

  case 165: /* unary: unary_op cast  */
#line 508 "parser.y"
                                    { (yyval.expr) = expr_unary(ps, E_UNARY, (yyvsp[-1].op), LOC((yylsp[-1])), (yyvsp[0].expr)); }
#line 3179 "parser.c"
    break;

  case 166: /* unary: "sizeof" unary  */
#line 509 "parser.y"
                                    { (yyval.expr) = expr_unary(ps, E_SIZEOF_EXPR, 0, LOC((yylsp[-1])), (yyvsp[0].expr)); }
#line 3185 "parser.c"
    break;

  case 167: /* unary: "sizeof" '(' type_name ')'  */
#line 511 "parser.y"
        {
            (yyval.expr) = expr_leaf(ps, E_SIZEOF_TYPE, LOC((yylsp[-3])));
            if ((yyval.expr)) (yyval.expr)->type_written = (yyvsp[-1].type);
        }
#line 3194 "parser.c"
    break;

  case 168: /* unary_op: '-'  */
#line 518 "parser.y"
                        { (yyval.op) = KU_NEG; }
#line 3200 "parser.c"
    break;

  case 169: /* unary_op: '+'  */
#line 519 "parser.y"
                        { (yyval.op) = KU_PLUS; }
#line 3206 "parser.c"
    break;

  case 170: /* unary_op: '!'  */
#line 520 "parser.y"
                        { (yyval.op) = KU_NOT; }
#line 3212 "parser.c"
    break;

  case 171: /* unary_op: '~'  */
#line 521 "parser.y"
                        { (yyval.op) = KU_BITNOT; }
#line 3218 "parser.c"
    break;

  case 172: /* unary_op: '*'  */
#line 522 "parser.y"
                        { (yyval.op) = KU_DEREF; }
#line 3224 "parser.c"
    break;

  case 173: /* unary_op: '&'  */
#line 523 "parser.y"
                        { (yyval.op) = KU_ADDR; }
#line 3230 "parser.c"
    break;

  case 174: /* postfix: primary  */
#line 527 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3236 "parser.c"
    break;

  case 175: /* postfix: postfix '[' expr ']'  */
#line 528 "parser.y"
                                    { (yyval.expr) = expr_binary(ps, E_INDEX, 0, LOC((yylsp[-2])), (yyvsp[-3].expr), (yyvsp[-1].expr)); }
#line 3242 "parser.c"
    break;

  case 176: /* postfix: postfix '(' args_opt ')'  */
#line 529 "parser.y"
                                    { (yyval.expr) = expr_call(ps, LOC((yylsp[-3])), (yyvsp[-3].expr), (yyvsp[-1].list)); }
#line 3248 "parser.c"
    break;

  case 177: /* postfix: postfix "<<<" args ">>>" '(' args_opt ')'  */
#line 531 "parser.y"
                                    { (yyval.expr) = expr_launch(ps, LOC((yylsp[-6])), (yyvsp[-6].expr), (yyvsp[-4].list), (yyvsp[-1].list)); }
#line 3254 "parser.c"
    break;

  case 178: /* postfix: postfix '.' "identifier"  */
#line 533 "parser.y"
        {
            (yyval.expr) = expr_unary(ps, E_MEMBER, 0, LOC((yylsp[-1])), (yyvsp[-2].expr));
            if ((yyval.expr)) (yyval.expr)->name = (yyvsp[0].name);
        }
#line 3263 "parser.c"
    break;

  case 179: /* postfix: postfix "->" "identifier"  */
#line 538 "parser.y"
        {
            (void)(yyvsp[0].name);
            k_error(ps->ctx, LOC((yylsp[-1])), "'->' is not supported in K (there are no structs)");
            (yyval.expr) = (yyvsp[-2].expr);
        }
#line 3273 "parser.c"
    break;

  case 180: /* postfix: postfix "++"  */
#line 543 "parser.y"
                                    { (yyval.expr) = expr_unary(ps, E_UNARY, KU_POSTINC, LOC((yylsp[0])), (yyvsp[-1].expr)); }
#line 3279 "parser.c"
    break;

  case 181: /* postfix: postfix "--"  */
#line 544 "parser.y"
                                    { (yyval.expr) = expr_unary(ps, E_UNARY, KU_POSTDEC, LOC((yylsp[0])), (yyvsp[-1].expr)); }
#line 3285 "parser.c"
    break;

  case 182: /* primary: "identifier"  */
#line 548 "parser.y"
                            { (yyval.expr) = expr_leaf(ps, E_IDENT, LOC((yylsp[0]))); if ((yyval.expr)) (yyval.expr)->name = (yyvsp[0].name); }
#line 3291 "parser.c"
    break;

  case 183: /* primary: "integer constant"  */
#line 549 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3297 "parser.c"
    break;

  case 184: /* primary: "floating constant"  */
#line 550 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3303 "parser.c"
    break;

  case 185: /* primary: "character constant"  */
#line 551 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3309 "parser.c"
    break;

  case 186: /* primary: strings  */
#line 552 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3315 "parser.c"
    break;

  case 187: /* primary: "true"  */
#line 553 "parser.y"
                            { (yyval.expr) = expr_leaf(ps, E_BOOL, LOC((yylsp[0]))); if ((yyval.expr)) (yyval.expr)->ival = 1; }
#line 3321 "parser.c"
    break;

  case 188: /* primary: "false"  */
#line 554 "parser.y"
                                                { (yyval.expr) = expr_leaf(ps, E_BOOL, LOC((yylsp[0]))); }
#line 3327 "parser.c"
    break;

  case 189: /* primary: '(' expr ')'  */
#line 555 "parser.y"
                                                { (yyval.expr) = (yyvsp[-1].expr); }
#line 3333 "parser.c"
    break;

  case 190: /* primary: type_kw '(' args_opt ')'  */
#line 557 "parser.y"
        { (yyval.expr) = expr_construct(ps, LOC((yylsp[-3])), specs_type(ps, specs_new(ps, LOC((yylsp[-3]))), (yyvsp[-3].op),
                                                      LOC((yylsp[-3])), NULL), (yyvsp[-1].list)); }
#line 3340 "parser.c"
    break;

  case 191: /* primary: "type name" '(' args_opt ')'  */
#line 560 "parser.y"
        { (yyval.expr) = expr_construct(ps, LOC((yylsp[-3])), specs_type(ps, specs_new(ps, LOC((yylsp[-3]))), 0,
                                                      LOC((yylsp[-3])), (yyvsp[-3].type)), (yyvsp[-1].list)); }
#line 3347 "parser.c"
    break;

  case 192: /* strings: "string literal"  */
#line 565 "parser.y"
                                                { (yyval.expr) = (yyvsp[0].expr); }
#line 3353 "parser.c"
    break;

  case 193: /* strings: strings "string literal"  */
#line 566 "parser.y"
                                                { (yyval.expr) = concat_strings(ps, (yyvsp[-1].expr), (yyvsp[0].expr)); }
#line 3359 "parser.c"
    break;

  case 194: /* args_opt: %empty  */
#line 570 "parser.y"
                                                { (yyval.list) = NULL; }
#line 3365 "parser.c"
    break;

  case 195: /* args_opt: args  */
#line 571 "parser.y"
                                                { (yyval.list) = (yyvsp[0].list); }
#line 3371 "parser.c"
    break;

  case 196: /* args: assign  */
#line 575 "parser.y"
                                                { (yyval.list) = list_push(ps, NULL, (yyvsp[0].expr)); }
#line 3377 "parser.c"
    break;

  case 197: /* args: args ',' assign  */
#line 576 "parser.y"
                                                { (yyval.list) = list_push(ps, (yyvsp[-2].list), (yyvsp[0].expr)); }
#line 3383 "parser.c"
    break;


#line 3387 "parser.c"

        default: break;
      }
    if (yychar_backup != yychar)
      YY_LAC_DISCARD ("yychar change");
  }
  /* User semantic actions sometimes alter yychar, and that requires
     that yytoken be updated with the new translation.  We take the
     approach of translating immediately before every use of yytoken.
     One alternative is translating here after every semantic action,
     but that translation would be missed if the semantic action invokes
     YYABORT, YYACCEPT, or YYERROR immediately after altering yychar or
     if it invokes YYBACKUP.  In the case of YYABORT or YYACCEPT, an
     incorrect destructor might then be invoked immediately.  In the
     case of YYERROR or YYBACKUP, subsequent parser actions might lead
     to an incorrect destructor call or verbose syntax error message
     before the lookahead is translated.  */
  YY_SYMBOL_PRINT ("-> $$ =", YY_CAST (yysymbol_kind_t, yyr1[yyn]), &yyval, &yyloc);

  YYPOPSTACK (yylen);
  yylen = 0;

  *++yyvsp = yyval;
  *++yylsp = yyloc;

  /* Now 'shift' the result of the reduction.  Determine what state
     that goes to, based on the state we popped back to and the rule
     number reduced by.  */
  {
    const int yylhs = yyr1[yyn] - YYNTOKENS;
    const int yyi = yypgoto[yylhs] + *yyssp;
    yystate = (0 <= yyi && yyi <= YYLAST && yycheck[yyi] == *yyssp
               ? yytable[yyi]
               : yydefgoto[yylhs]);
  }

  goto yynewstate;


/*--------------------------------------.
| yyerrlab -- here on detecting error.  |
`--------------------------------------*/
yyerrlab:
  /* Make sure we have latest lookahead translation.  See comments at
     user semantic actions for why this is necessary.  */
  yytoken = yychar == K_YYEMPTY ? YYSYMBOL_YYEMPTY : YYTRANSLATE (yychar);
  /* If not already recovering from an error, report this error.  */
  if (!yyerrstatus)
    {
      ++yynerrs;
      {
        yypcontext_t yyctx
          = {yyssp, yyesa, &yyes, &yyes_capacity, yytoken, &yylloc};
        if (yychar != K_YYEMPTY)
          YY_LAC_ESTABLISH;
        if (yyreport_syntax_error (&yyctx, ps) == 2)
          YYNOMEM;
      }
    }

  yyerror_range[1] = yylloc;
  if (yyerrstatus == 3)
    {
      /* If just tried and failed to reuse lookahead token after an
         error, discard it.  */

      if (yychar <= K_YYEOF)
        {
          /* Return failure if at end of input.  */
          if (yychar == K_YYEOF)
            YYABORT;
        }
      else
        {
          yydestruct ("Error: discarding",
                      yytoken, &yylval, &yylloc, ps);
          yychar = K_YYEMPTY;
        }
    }

  /* Else will try to reuse lookahead token after shifting the error
     token.  */
  goto yyerrlab1;


/*---------------------------------------------------.
| yyerrorlab -- error raised explicitly by YYERROR.  |
`---------------------------------------------------*/
yyerrorlab:
  /* Pacify compilers when the user code never invokes YYERROR and the
     label yyerrorlab therefore never appears in user code.  */
  if (0)
    YYERROR;
  ++yynerrs;

  /* Do not reclaim the symbols of the rule whose action triggered
     this YYERROR.  */
  YYPOPSTACK (yylen);
  yylen = 0;
  YY_STACK_PRINT (yyss, yyssp);
  yystate = *yyssp;
  goto yyerrlab1;


/*-------------------------------------------------------------.
| yyerrlab1 -- common code for both syntax error and YYERROR.  |
`-------------------------------------------------------------*/
yyerrlab1:
  yyerrstatus = 3;      /* Each real token shifted decrements this.  */

  /* Pop stack until we find a state that shifts the error token.  */
  for (;;)
    {
      yyn = yypact[yystate];
      if (!yypact_value_is_default (yyn))
        {
          yyn += YYSYMBOL_YYerror;
          if (0 <= yyn && yyn <= YYLAST && yycheck[yyn] == YYSYMBOL_YYerror)
            {
              yyn = yytable[yyn];
              if (0 < yyn)
                break;
            }
        }

      /* Pop the current state because it cannot handle the error token.  */
      if (yyssp == yyss)
        YYABORT;

      yyerror_range[1] = *yylsp;
      yydestruct ("Error: popping",
                  YY_ACCESSING_SYMBOL (yystate), yyvsp, yylsp, ps);
      YYPOPSTACK (1);
      yystate = *yyssp;
      YY_STACK_PRINT (yyss, yyssp);
    }

  /* If the stack popping above didn't lose the initial context for the
     current lookahead token, the shift below will for sure.  */
  YY_LAC_DISCARD ("error recovery");

  YY_IGNORE_MAYBE_UNINITIALIZED_BEGIN
  *++yyvsp = yylval;
  YY_IGNORE_MAYBE_UNINITIALIZED_END

  yyerror_range[2] = yylloc;
  ++yylsp;
  YYLLOC_DEFAULT (*yylsp, yyerror_range, 2);

  /* Shift the error token.  */
  YY_SYMBOL_PRINT ("Shifting", YY_ACCESSING_SYMBOL (yyn), yyvsp, yylsp);

  yystate = yyn;
  goto yynewstate;


/*-------------------------------------.
| yyacceptlab -- YYACCEPT comes here.  |
`-------------------------------------*/
yyacceptlab:
  yyresult = 0;
  goto yyreturnlab;


/*-----------------------------------.
| yyabortlab -- YYABORT comes here.  |
`-----------------------------------*/
yyabortlab:
  yyresult = 1;
  goto yyreturnlab;


/*-----------------------------------------------------------.
| yyexhaustedlab -- YYNOMEM (memory exhaustion) comes here.  |
`-----------------------------------------------------------*/
yyexhaustedlab:
  yyerror (&yylloc, ps, YY_("memory exhausted"));
  yyresult = 2;
  goto yyreturnlab;


/*----------------------------------------------------------.
| yyreturnlab -- parsing is finished, clean up and return.  |
`----------------------------------------------------------*/
yyreturnlab:
  if (yychar != K_YYEMPTY)
    {
      /* Make sure we have latest lookahead translation.  See comments at
         user semantic actions for why this is necessary.  */
      yytoken = YYTRANSLATE (yychar);
      yydestruct ("Cleanup: discarding lookahead",
                  yytoken, &yylval, &yylloc, ps);
    }
  /* Do not reclaim the symbols of the rule whose action triggered
     this YYABORT or YYACCEPT.  */
  YYPOPSTACK (yylen);
  YY_STACK_PRINT (yyss, yyssp);
  while (yyssp != yyss)
    {
      yydestruct ("Cleanup: popping",
                  YY_ACCESSING_SYMBOL (+*yyssp), yyvsp, yylsp, ps);
      YYPOPSTACK (1);
    }
#ifndef yyoverflow
  if (yyss != yyssa)
    YYSTACK_FREE (yyss);
#endif
  if (yyes != yyesa)
    YYSTACK_FREE (yyes);

  return yyresult;
}

#line 579 "parser.y"

/* ================================================================ lists */
static k_list *list_new(k_parser *ps)
{
    return k_alloc(ps->ctx, sizeof(k_list));
}

static void list_append(k_parser *ps, k_list *l, void *item)
{
    if (!l)
        return;
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        void **items = k_alloc(ps->ctx, (size_t)cap * sizeof *items);
        if (!items)
            return;
        if (l->n)
            memcpy(items, l->items, (size_t)l->n * sizeof *items);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->n++] = item;
}

static k_list *list_push(k_parser *ps, k_list *l, void *item)
{
    if (!l)
        l = list_new(ps);
    list_append(ps, l, item);
    return l;
}

/* Copies a list of expressions into a typed array; returns the count. */
static int expr_array(k_parser *ps, const k_list *l, k_expr ***out)
{
    *out = NULL;
    if (!l || l->n == 0)
        return 0;
    k_expr **a = k_alloc(ps->ctx, (size_t)l->n * sizeof *a);
    if (!a)
        return 0;
    for (int i = 0; i < l->n; i++)
        a[i] = l->items[i];
    *out = a;
    return l->n;
}

/* ========================================================== expressions */
static uint32_t max_depth(uint32_t d, const k_expr *e)
{
    return e && e->depth > d ? e->depth : d;
}

/* Sets e's depth from its children.  A tree deeper than K_MAX_EXPR_DEPTH is
 * reported once and cut off (replaced by a 0 leaf), so every recursive pass
 * over expressions has a bounded depth. */
static k_expr *finish_expr(k_parser *ps, k_expr *e)
{
    if (!e)
        return NULL;
    uint32_t d = max_depth(max_depth(max_depth(0, e->lhs), e->rhs), e->cond);
    for (int i = 0; i < 3; i++)
        d = max_depth(d, e->config[i]);
    for (int i = 0; i < e->nargs; i++)
        d = max_depth(d, e->args[i]);
    if (d >= K_MAX_EXPR_DEPTH) {
        if (!ps->depth_reported)
            k_error(ps->ctx, e->loc, "expression nested too deeply (more than %d levels)",
                    K_MAX_EXPR_DEPTH);
        ps->depth_reported = 1;
        return k_expr_new(ps->ctx, E_INT, e->loc);
    }
    e->depth = d + 1;
    return e;
}

static k_expr *expr_leaf(k_parser *ps, k_expr_kind kind, k_loc loc)
{
    return k_expr_new(ps->ctx, kind, loc);
}

static k_expr *expr_unary(k_parser *ps, k_expr_kind kind, int op, k_loc loc, k_expr *e)
{
    k_expr *u = k_expr_new(ps->ctx, kind, loc);
    if (!u)
        return NULL;
    u->op = op;
    u->lhs = e;
    return finish_expr(ps, u);
}

static k_expr *expr_binary(k_parser *ps, k_expr_kind kind, int op, k_loc loc,
                           k_expr *l, k_expr *r)
{
    k_expr *b = k_expr_new(ps->ctx, kind, loc);
    if (!b)
        return NULL;
    b->op = op;
    b->lhs = l;
    b->rhs = r;
    return finish_expr(ps, b);
}

static k_expr *expr_cond(k_parser *ps, k_loc loc, k_expr *c, k_expr *l, k_expr *r)
{
    k_expr *e = k_expr_new(ps->ctx, E_COND, loc);
    if (!e)
        return NULL;
    e->cond = c;
    e->lhs = l;
    e->rhs = r;
    return finish_expr(ps, e);
}

static k_expr *expr_with_args(k_parser *ps, k_expr *e, k_list *args)
{
    if (!e)
        return NULL;
    e->nargs = expr_array(ps, args, &e->args);
    return finish_expr(ps, e);
}

static k_expr *make_init_list(k_parser *ps, k_loc loc, k_list *items)
{
    return expr_with_args(ps, k_expr_new(ps->ctx, E_INIT_LIST, loc), items);
}

/* K calls functions by name only (no function pointers): the callee must be
 * an identifier. */
static const char *callee_name(k_parser *ps, k_expr *callee, const char *what)
{
    if (callee && callee->kind == E_IDENT)
        return callee->name;
    k_error(ps->ctx, callee ? callee->loc : (k_loc){0, 0},
            "%s must name a function (K has no function pointers)", what);
    return NULL;
}

static k_expr *expr_call(k_parser *ps, k_loc loc, k_expr *callee, k_list *args)
{
    const char *name = callee_name(ps, callee, "the called object");
    if (!name)
        return callee;
    k_expr *e = k_expr_new(ps->ctx, E_CALL, loc);
    if (!e)
        return NULL;
    e->name = name;
    return expr_with_args(ps, e, args);
}

static k_expr *expr_launch(k_parser *ps, k_loc loc, k_expr *callee, k_list *config,
                           k_list *args)
{
    const char *name = callee_name(ps, callee, "the launched kernel");
    if (!name)
        return callee;
    k_expr *e = k_expr_new(ps->ctx, E_LAUNCH, loc);
    if (!e)
        return NULL;
    e->name = name;
    if (config->n < 2 || config->n > 4)
        k_error(ps->ctx, loc, "a kernel launch takes 2 to 4 configuration arguments"
                " (grid, block, shared bytes, stream), not %d", config->n);
    /* The fourth argument, the stream, has no meaning here: launches are
     * synchronous. */
    for (int i = 0; i < config->n && i < 3; i++)
        e->config[i] = config->items[i];
    return expr_with_args(ps, e, args);
}

static k_type *base_type(k_parser *ps, k_specs *sp);

/* `dim3(x, y)` builds a record; `float(x)` is a functional cast; `int()` is
 * a value-initialised zero, as in C++. */
static k_expr *expr_construct(k_parser *ps, k_loc loc, k_specs *sp, k_list *args)
{
    k_type *t = base_type(ps, sp);
    int n = args ? args->n : 0;
    if (t && (t->kind == TY_DIM3 || t->kind == TY_UINT3)) {
        k_expr *e = k_expr_new(ps->ctx, E_CONSTRUCT, loc);
        if (!e)
            return NULL;
        e->type_written = t;
        if (n > 3)
            k_error(ps->ctx, loc, "too many arguments to %s (at most 3)",
                    t->kind == TY_DIM3 ? "dim3" : "uint3");
        return expr_with_args(ps, e, args);
    }
    k_expr *e = k_expr_new(ps->ctx, E_CAST, loc);
    if (!e)
        return NULL;
    e->type_written = t;
    if (n == 0) {
        e->lhs = k_expr_new(ps->ctx, E_INT, loc);
    } else {
        if (n > 1)
            k_error(ps->ctx, loc, "a functional cast takes one argument, not %d", n);
        e->lhs = args->items[0];
    }
    return finish_expr(ps, e);
}

static k_expr *concat_strings(k_parser *ps, k_expr *a, k_expr *b)
{
    if (!a || !b)
        return a ? a : b;
    char *s = k_alloc(ps->ctx, a->strlen + b->strlen + 1);
    if (!s)
        return a;
    memcpy(s, a->str, a->strlen);
    memcpy(s + a->strlen, b->str, b->strlen);
    s[a->strlen + b->strlen] = '\0';
    a->str = s;
    a->strlen += b->strlen;
    return a;
}

/* ================================================================ types */
static k_specs *specs_new(k_parser *ps, k_loc loc)
{
    k_specs *sp = k_alloc(ps->ctx, sizeof *sp);
    if (sp)
        sp->loc = loc;
    return sp;
}

static k_specs *specs_type(k_parser *ps, k_specs *sp, int token, k_loc loc, k_type *tdef)
{
    (void)ps;
    (void)loc;
    if (!sp)
        return NULL;
    if (tdef) {
        sp->nbuiltin++;
        sp->typedef_type = tdef;
        return sp;
    }
    switch (token) {
    case KW_VOID: sp->nvoid++; break;
    case KW_BOOL: sp->nbool++; break;
    case KW_CHAR: sp->nchar++; break;
    case KW_SHORT: sp->nshort++; break;
    case KW_INT: sp->nint++; break;
    case KW_LONG: sp->nlong++; break;
    case KW_SIGNED: sp->nsigned++; break;
    case KW_UNSIGNED: sp->nunsigned++; break;
    case KW_FLOAT: sp->nfloat++; break;
    case KW_DOUBLE: sp->ndouble++; break;
    case KW_DIM3: sp->nbuiltin++; sp->builtin = TY_DIM3; break;
    case KW_UINT3: sp->nbuiltin++; sp->builtin = TY_UINT3; break;
    case KW_CUDA_DEVICE_PROP: sp->nbuiltin++; sp->builtin = TY_DEVPROP; break;
    /* The typedef-like builtins keep their spelling in k_type.alias. */
    case KW_SIZE_T: sp->nbuiltin++; sp->builtin = TY_ULONG; sp->alias = "size_t"; break;
    case KW_CUDA_ERROR_T: sp->nbuiltin++; sp->builtin = TY_INT; sp->alias = "cudaError_t"; break;
    case KW_CUDA_EVENT_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaEvent_t"; break;
    case KW_CUDA_STREAM_T: sp->nbuiltin++; sp->builtin = TY_PTR; sp->alias = "cudaStream_t"; break;
    default: break;
    }
    return sp;
}

static int specs_valid(const k_specs *sp)
{
    int mains = sp->nvoid + sp->nbool + sp->nchar + sp->nfloat + sp->ndouble + sp->nbuiltin;
    int sign = sp->nsigned + sp->nunsigned;
    if (mains > 1 || sp->nint > 1 || sp->nshort > 1 || sp->nlong > 2 || sign > 1)
        return 0;
    if (sp->nshort && sp->nlong)
        return 0;
    if (sign && mains && !sp->nchar)
        return 0;
    if (mains && (sp->nint || sp->nshort || (sp->nlong && !sp->ndouble)))
        return 0;
    return 1;
}

static k_type_kind integer_kind(const k_specs *sp)
{
    int u = sp->nunsigned > 0;
    if (sp->nchar)
        return sp->nunsigned ? TY_UCHAR : sp->nsigned ? TY_SCHAR : TY_CHAR;
    if (sp->nshort)
        return u ? TY_USHORT : TY_SHORT;
    if (sp->nlong == 1)
        return u ? TY_ULONG : TY_LONG;
    if (sp->nlong == 2)
        return u ? TY_ULLONG : TY_LLONG;
    return u ? TY_UINT : TY_INT;
}

/* Resolves the specifiers to a fresh type node (each declarator gets its own,
 * so sema may annotate them independently).  Errors are reported once. */
static k_type *base_type(k_parser *ps, k_specs *sp)
{
    if (!sp)
        return k_type_new(ps->ctx, TY_INT);
    int report = sp->resolved == NULL;
    k_type *t = NULL;
    if (sp->typedef_type && specs_valid(sp)) {
        t = k_alloc(ps->ctx, sizeof *t);
        if (t)
            *t = *sp->typedef_type;
    } else if (!specs_valid(sp)) {
        if (report)
            k_error(ps->ctx, sp->loc, "invalid combination of type specifiers");
        t = k_type_new(ps->ctx, TY_INT);
    } else if (sp->nbuiltin) {
        t = k_type_new(ps->ctx, sp->builtin);
        if (t && sp->builtin == TY_PTR)
            t->base = k_type_new(ps->ctx, TY_VOID);
        if (t)
            t->alias = sp->alias;
    } else {
        k_type_kind kind = sp->nvoid ? TY_VOID : sp->nbool ? TY_BOOL
                         : sp->nfloat ? TY_FLOAT : sp->ndouble ? TY_DOUBLE : integer_kind(sp);
        if (report && sp->ndouble && sp->nlong)
            k_error(ps->ctx, sp->loc, "'long double' is not supported in K");
        if (report && !sp->nvoid && !sp->nbool && !sp->nfloat && !sp->ndouble && !sp->nchar
            && !sp->nshort && !sp->nlong && !sp->nint && !sp->nsigned && !sp->nunsigned)
            k_error(ps->ctx, sp->loc, "type specifier missing (K has no implicit int)");
        t = k_type_new(ps->ctx, kind);
    }
    if (t)
        t->quals |= sp->quals;
    sp->resolved = t;
    return t;
}

/* Arbitrary limits that keep types shallow enough for recursive passes. */
#define MAX_POINTER_LEVELS 32
#define MAX_ARRAY_DIMS 32

/* Wraps base in the declarator's pointers and array dimensions:
 * `int *a[2][3]` is array 2 of array 3 of pointer to int. */
static k_type *build_type(k_parser *ps, k_type *base, k_declarator *d)
{
    k_type *t = base;
    if (d->ptr_quals.n > MAX_POINTER_LEVELS)
        k_error(ps->ctx, d->loc, "too many levels of pointers (at most %d)",
                MAX_POINTER_LEVELS);
    for (int i = 0; i < d->ptr_quals.n && i < MAX_POINTER_LEVELS; i++) {
        t = k_type_ptr(ps->ctx, t);
        if (t)
            t->quals = (unsigned)(uintptr_t)d->ptr_quals.items[i];
    }
    if (d->is_func) {
        if (d->dims.n)
            k_error(ps->ctx, d->loc, "a function cannot return an array");
        k_type *f = k_type_new(ps->ctx, TY_FUNC);
        if (f)
            f->base = t;
        return f;
    }
    if (d->dims.n > MAX_ARRAY_DIMS)
        k_error(ps->ctx, d->loc, "too many array dimensions (at most %d)", MAX_ARRAY_DIMS);
    int n = d->dims.n < MAX_ARRAY_DIMS ? d->dims.n : MAX_ARRAY_DIMS;
    for (int i = n - 1; i >= 0; i--)
        t = k_type_array(ps->ctx, t, d->dims.items[i]);
    return t;
}

static k_type *type_name(k_parser *ps, k_specs *sp, k_declarator *d)
{
    if (sp && sp->storage)
        k_error(ps->ctx, sp->loc, "storage class in a type name");
    return build_type(ps, base_type(ps, sp), d);
}

/* ========================================================== declarators */
static k_declarator *dtor_new(k_parser *ps, k_loc loc, const char *name)
{
    k_declarator *d = k_alloc(ps->ctx, sizeof *d);
    if (d) {
        d->loc = loc;
        d->name = name;
    }
    return d;
}

static k_declarator *dtor_pointer(k_parser *ps, k_list *ptrs, k_declarator *d)
{
    (void)ps;
    if (d && ptrs)
        d->ptr_quals = *ptrs;
    return d;
}

static int is_void_param(const k_decl *p)
{
    return p && !p->name && p->type && p->type->kind == TY_VOID;
}

static k_declarator *dtor_func(k_parser *ps, k_declarator *d, k_list *params, int variadic)
{
    if (!d)
        return NULL;
    d->is_func = 1;
    d->variadic = variadic;
    if (!params)
        return d;
    /* `(void)` declares no parameters. */
    if (params->n == 1 && !variadic && is_void_param(params->items[0]))
        return d;
    for (int i = 0; i < params->n; i++) {
        k_decl *p = params->items[i];
        if (p && p->type && p->type->kind == TY_VOID)
            k_error(ps->ctx, p->loc, "a parameter cannot have type 'void'"
                    " ('(void)' alone means no parameters)");
        list_append(ps, &d->params, p);
    }
    return d;
}

static k_decl *make_param(k_parser *ps, k_specs *sp, k_declarator *d, k_loc loc)
{
    if (!d)
        return NULL;
    k_loc at = d->name ? d->loc : loc;
    k_decl *p = k_decl_new(ps->ctx, D_PARAM, at, d->name);
    if (!p)
        return NULL;
    if (sp && (sp->storage || sp->is_typedef))
        k_error(ps->ctx, sp->loc, "storage class specified for a parameter");
    if (d->is_func)
        k_error(ps->ctx, at, "function parameters are not supported in K"
                " (no function pointers)");
    if (d->is_ctor)
        k_error(ps->ctx, at, "a parameter cannot have constructor arguments");
    d->is_func = 0;
    p->type = build_type(ps, base_type(ps, sp), d);
    return p;
}

static void fill_function(k_parser *ps, k_decl *f, k_declarator *d)
{
    f->variadic = d->variadic;
    f->nparams = d->params.n;
    if (f->nparams) {
        f->params = k_alloc(ps->ctx, (size_t)f->nparams * sizeof *f->params);
        if (!f->params) {
            f->nparams = 0;
            return;
        }
        for (int i = 0; i < f->nparams; i++)
            f->params[i] = d->params.items[i];
    }
}

/* Builds the k_decl of one declarator under the given specifiers. */
static k_decl *make_decl(k_parser *ps, k_specs *sp, k_declarator *d)
{
    k_decl *decl = k_decl_new(ps->ctx, d->is_func ? D_FUNC : D_VAR, d->loc, d->name);
    if (!decl)
        return NULL;
    decl->type = build_type(ps, base_type(ps, sp), d);
    decl->storage = sp ? sp->storage : 0;
    if (d->is_func) {
        fill_function(ps, decl, d);
        if (d->init)
            k_error(ps->ctx, d->loc, "function '%s' is initialized like a variable", d->name);
        return decl;
    }
    decl->init = d->init;
    if (d->is_ctor) {
        decl->nctor = d->ctor_args.n;
        decl->ctor_args = k_alloc(ps->ctx, (size_t)d->ctor_args.n * sizeof *decl->ctor_args);
        if (!decl->ctor_args)
            decl->nctor = 0;
        for (int i = 0; i < decl->nctor; i++)
            decl->ctor_args[i] = d->ctor_args.items[i];
        if (d->init)
            k_error(ps->ctx, d->loc, "'%s' has both constructor arguments and an initializer",
                    d->name);
    }
    return decl;
}

/* `typedef T name;` records name so the scanner returns it as a type name. */
static void add_typedefs(k_parser *ps, k_specs *sp, k_list *dtors)
{
    for (int i = 0; dtors && i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (!d)
            continue;
        if (d->is_func || d->is_ctor || d->init) {
            k_error(ps->ctx, d->loc, "unsupported typedef of '%s' (K allows typedefs of"
                    " scalar, pointer and array types)", d->name);
            continue;
        }
        list_append(ps, &ps->typedef_names, (void *)d->name);
        list_append(ps, &ps->typedef_types, build_type(ps, base_type(ps, sp), d));
    }
}

static k_stmt *make_decl_stmt(k_parser *ps, k_loc loc, k_specs *sp, k_list *dtors)
{
    if (sp && sp->is_typedef) {
        if (sp->storage)
            k_error(ps->ctx, loc, "storage class in a typedef");
        add_typedefs(ps, sp, dtors);
        return NULL;
    }
    if (!dtors || dtors->n == 0) {
        k_warning(ps->ctx, loc, "declaration does not declare anything");
        return NULL;
    }
    k_stmt *s = k_stmt_new(ps->ctx, S_DECL, loc);
    if (!s)
        return NULL;
    s->decls = k_alloc(ps->ctx, (size_t)dtors->n * sizeof *s->decls);
    if (!s->decls)
        return s;
    for (int i = 0; i < dtors->n; i++) {
        k_declarator *d = dtors->items[i];
        if (d && (s->decls[s->ndecls] = make_decl(ps, sp, d)))
            s->ndecls++;
    }
    return s;
}

static void add_file_decls(k_parser *ps, k_stmt *s)
{
    for (int i = 0; s && i < s->ndecls; i++)
        list_append(ps, &ps->decls, s->decls[i]);
}

static void add_function(k_parser *ps, k_specs *sp, k_declarator *d, k_stmt *body)
{
    if (!d)
        return;
    if (!d->is_func) {
        k_error(ps->ctx, d->loc, "expected '=', ',' or ';' after the declarator of '%s'"
                " (only functions have a body)", d->name);
        return;
    }
    if (sp && sp->is_typedef) {
        k_error(ps->ctx, d->loc, "a function definition cannot be a typedef");
        return;
    }
    k_decl *f = make_decl(ps, sp, d);
    if (f) {
        f->body = body;
        list_append(ps, &ps->decls, f);
    }
}

/* =========================================================== statements */
static k_stmt *stmt_new(k_parser *ps, k_stmt_kind kind, k_loc loc)
{
    return k_stmt_new(ps->ctx, kind, loc);
}

static k_stmt *make_block(k_parser *ps, k_loc loc, k_list *items)
{
    k_stmt *s = k_stmt_new(ps->ctx, S_BLOCK, loc);
    if (!s || !items || items->n == 0)
        return s;
    s->stmts = k_alloc(ps->ctx, (size_t)items->n * sizeof *s->stmts);
    if (!s->stmts)
        return s;
    for (int i = 0; i < items->n; i++)
        s->stmts[s->nstmts++] = items->items[i];
    return s;
}

/* ============================================================== scanner */
static k_type *typedef_lookup(const k_parser *ps, const char *name)
{
    for (int i = ps->typedef_names.n - 1; i >= 0; i--)
        if (strcmp(ps->typedef_names.items[i], name) == 0)
            return ps->typedef_types.items[i];
    return NULL;
}

static k_expr *literal(k_parser *ps, k_expr_kind kind, const k_token *t)
{
    k_expr *e = k_expr_new(ps->ctx, kind, t->loc);
    if (!e)
        return NULL;
    e->ival = t->ival;
    e->fval = t->fval;
    e->str = t->str ? t->str : (char *)"";
    e->strlen = t->strlen;
    e->int_unsigned = t->int_unsigned;
    e->int_long = t->int_long;
    e->int_nondecimal = t->int_nondecimal;
    e->is_single = t->is_single;
    return e;
}

static int k_yylex(K_YYSTYPE *lval, K_YYLTYPE *lloc, k_parser *ps)
{
    k_token *t = &ps->tok;
    int errors_before = ps->ctx->nerrors;
    int kind = k_lexer_next(&ps->lx, t);
    if (ps->ctx->nerrors != errors_before)
        ps->lex_error_token = ps->ntokens + 1;
    ps->ntokens++;
    lloc->first_line = (int)t->loc.line;
    lloc->first_column = (int)t->loc.col;
    lloc->last_line = (int)t->end.line;
    lloc->last_column = (int)t->end.col;
    switch (kind) {
    case IDENT: {
        const char *name = k_strndup(ps->ctx, t->text, t->len);
        k_type *tdef = ps->typedef_names.n && name ? typedef_lookup(ps, name) : NULL;
        if (tdef) {
            lval->type = tdef;
            return TYPEDEF_NAME;
        }
        lval->name = name ? name : "?";
        break;
    }
    case INT_LIT: lval->expr = literal(ps, E_INT, t); break;
    case FLOAT_LIT: lval->expr = literal(ps, E_FLOAT, t); break;
    case CHAR_LIT: lval->expr = literal(ps, E_CHAR, t); break;
    case STRING_LIT: lval->expr = literal(ps, E_STRING, t); break;
    case KW_STRUCT: case KW_UNION: case KW_ENUM:
        k_error(ps->ctx, t->loc, "'%.*s' is not supported in K (structs, unions and enums"
                " are out of scope)", (int)t->len, t->text);
        ps->unsupported_at = t->loc;
        break;
    case KW_GOTO:
        k_error(ps->ctx, t->loc, "'goto' is not supported in K");
        break;
    default:
        break;
    }
    return kind;
}

/* ======================================================== syntax errors */
/* How a grammar symbol reads in a message: 'if', ';', identifier. */
static void symbol_text(yysymbol_kind_t sym, char *buf, size_t size)
{
    const char *name = yysymbol_name(sym);
    size_t n = strlen(name);
    if (n >= 2 && name[0] == '"' && name[n - 1] == '"') {
        name++;
        n -= 2;
    }
    int descriptive = sym == YYSYMBOL_YYEOF || sym == YYSYMBOL_IDENT
                   || sym == YYSYMBOL_TYPEDEF_NAME || sym == YYSYMBOL_INT_LIT
                   || sym == YYSYMBOL_FLOAT_LIT || sym == YYSYMBOL_CHAR_LIT
                   || sym == YYSYMBOL_STRING_LIT || name[0] == '\'';
    if (sym == YYSYMBOL_YYEOF)
        snprintf(buf, size, "end of input");
    else if (descriptive)
        snprintf(buf, size, "%.*s", (int)n, name);
    else
        snprintf(buf, size, "'%.*s'", (int)n, name);
}

/* The offending token, quoting its text: identifier 'x', constant '12'. */
static void lookahead_text(const k_parser *ps, yysymbol_kind_t sym, char *buf, size_t size)
{
    const k_token *t = &ps->tok;
    int len = t->len > 40 ? 40 : (int)t->len;
    const char *more = t->len > 40 ? "..." : "";
    switch (sym) {
    case YYSYMBOL_YYEOF:
        snprintf(buf, size, "end of input");
        break;
    case YYSYMBOL_IDENT:
        snprintf(buf, size, "identifier '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_TYPEDEF_NAME:
        snprintf(buf, size, "type name '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_INT_LIT: case YYSYMBOL_FLOAT_LIT: case YYSYMBOL_CHAR_LIT:
        snprintf(buf, size, "constant '%.*s%s'", len, t->text, more);
        break;
    case YYSYMBOL_STRING_LIT:
        snprintf(buf, size, "string literal");
        break;
    default:
        symbol_text(sym, buf, size);
    }
}

/* When one of these closers is expected it is almost always what is missing,
 * whatever operators could also continue the expression. */
static int pick_closer(const yysymbol_kind_t *exp, int n)
{
    static const char *const closers[] = { "';'", "')'", "']'", "'}'", "':'" };
    for (size_t c = 0; c < sizeof closers / sizeof closers[0]; c++)
        for (int i = 0; i < n; i++)
            if (strcmp(yysymbol_name(exp[i]), closers[c]) == 0)
                return i;
    return -1;
}

static int expects(const yysymbol_kind_t *exp, int n, yysymbol_kind_t sym)
{
    for (int i = 0; i < n; i++)
        if (exp[i] == sym)
            return 1;
    return 0;
}

/* Character tokens have no stable symbol number: find them by name. */
static int expects_char(const yysymbol_kind_t *exp, int n, const char *quoted)
{
    for (int i = 0; i < n; i++)
        if (strcmp(yysymbol_name(exp[i]), quoted) == 0)
            return 1;
    return 0;
}

static int yyreport_syntax_error(const yypcontext_t *yyctx, k_parser *ps)
{
    k_loc loc = LOC(*yypcontext_location(yyctx));
    yysymbol_kind_t la = yypcontext_token(yyctx);
    if (ps->unsupported_at.line && ps->unsupported_at.line == loc.line
        && ps->unsupported_at.col == loc.col)
        return 0;                 /* the scanner already said 'struct' is not K */
    /* A bad token (unterminated string...) was reported just before: the
     * syntax error is its echo. */
    if (ps->lex_error_token && ps->ntokens - ps->lex_error_token <= 1)
        return 0;
    yysymbol_kind_t exp[YYNTOKENS];
    int n = yypcontext_expected_tokens(yyctx, exp, YYNTOKENS);
    char what[96], want[64];
    lookahead_text(ps, la, what, sizeof what);
    if (la == YYSYMBOL_YYEOF && expects_char(exp, n, "'}'")) {
        k_error(ps->ctx, loc, "syntax error: expected '}' at end of input");
        return 0;
    }
    /* Where a declaration may start (file scope, a block's start), a missing
     * ';' is rarely the problem. */
    int closer = n > 1 && !expects(exp, n, YYSYMBOL_KW_GLOBAL) ? pick_closer(exp, n) : -1;
    if (n > 1 && closer < 0 && expects(exp, n, YYSYMBOL_INT_LIT)) {
        k_error(ps->ctx, loc, "syntax error: expected an expression before %s", what);
        return 0;
    }
    if (n == 1 || closer >= 0) {
        symbol_text(exp[n == 1 ? 0 : closer], want, sizeof want);
        k_error(ps->ctx, loc, "syntax error: expected %s before %s", want, what);
        return 0;
    }
    char list[256] = "";
    size_t used = 0;
    for (int i = 0; i < n && n <= 5; i++) {
        symbol_text(exp[i], want, sizeof want);
        int w = snprintf(list + used, sizeof list - used, "%s%s",
                         i == 0 ? ", expecting " : i == n - 1 ? " or " : ", ", want);
        if (w < 0 || (size_t)w >= sizeof list - used)
            break;
        used += (size_t)w;
    }
    k_error(ps->ctx, loc, "syntax error, unexpected %s%s", what, list);
    return 0;
}

static void k_yyerror(K_YYLTYPE *loc, k_parser *ps, const char *msg)
{
    if (strcmp(msg, "memory exhausted") == 0)
        k_error(ps->ctx, LOC(*loc), "nesting too deep (more than the parser's %d stack entries)",
                YYMAXDEPTH);
    else
        k_error(ps->ctx, LOC(*loc), "%s", msg);
}

/* ================================================================ entry */
k_unit *k_parse(k_ctx *ctx, const char *text, size_t len)
{
    k_parser ps;
    memset(&ps, 0, sizeof ps);
    ps.ctx = ctx;
    k_unit *unit = k_alloc(ctx, sizeof *unit);
    /* The scanner needs a NUL sentinel after the text; the caller's buffer
     * may not have one. */
    char *copy = k_alloc(ctx, len + 1);
    if (!unit || !copy) {
        k_error(ctx, (k_loc){0, 0}, "out of memory");
        return unit;
    }
    memcpy(copy, text, len);
    /* A NUL byte means a binary file: one clear error instead of a flood. */
    const char *nul = memchr(copy, '\0', len);
    if (nul) {
        uint32_t line = 1;
        const char *line_start = copy;
        for (const char *p = copy; p < nul; p++)
            if (*p == '\n')
                line++, line_start = p + 1;
        k_error(ctx, (k_loc){ line, (uint32_t)(nul - line_start) + 1 },
                "the input contains NUL bytes (is it a binary file?)");
        return unit;
    }
    k_lexer_init(&ps.lx, ctx, copy, len);
    int errors_before = ctx->nerrors;
    if (k_yyparse(&ps) != 0 && ctx->nerrors == errors_before)
        k_error(ctx, ps.tok.loc, "syntax error");
    unit->ndecls = ps.decls.n;
    unit->decls = k_alloc(ctx, (size_t)(ps.decls.n ? ps.decls.n : 1) * sizeof *unit->decls);
    if (!unit->decls)
        unit->ndecls = 0;
    for (int i = 0; i < unit->ndecls; i++)
        unit->decls[i] = ps.decls.items[i];
    return unit;
}
