int a()
{
    return 0 / 0;
}
