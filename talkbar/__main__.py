from talkbar.cli.main import main

main()
