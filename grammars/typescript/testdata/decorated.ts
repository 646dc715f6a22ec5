import { Body, Controller, Get, Inject, Injectable, Param, Post, UseGuards } from "@nestjs/common";
import { Component, EventEmitter, HostListener, Input, Output } from "@angular/core";

export const USERS = "USERS";

@Injectable()
export class UserService {
  private readonly users = new Map<string, User>();

  constructor(@Inject(USERS) private readonly seed: User[], private readonly log: Logger) {
    for (const u of seed) this.users.set(u.id, u);
  }

  find(id: string): User | undefined {
    return this.users.get(id);
  }
}

@Controller("users")
@UseGuards(AuthGuard)
export class UserController {
  @Inject(UserService)
  private readonly service!: UserService;

  @Get(":id")
  @Cached({ ttl: 60 })
  get(@Param("id") id: string): User | undefined {
    return this.service.find(id);
  }

  @Post()
  create(@Body() dto: CreateUserDto): User {
    const user = { id: String(Date.now()), ...dto };
    this.log(user);
    return user;
  }

  @Log
  private log(user: User): void {
    console.log("created", user.id);
  }
}

@Component({ selector: "app-user", template: "<p>{{ user?.name }}</p>" })
export class UserComponent {
  @Input() user?: User;
  @Output() selected = new EventEmitter<User>();

  @Input()
  set name(value: string) {
    this.user = { id: "0", name: value };
  }

  @HostListener("click", ["$event"])
  onClick(event: MouseEvent): void {
    this.selected.emit(this.user);
  }

  constructor(private readonly el: ElementRef) {}

  @Memo
  get label(): string {
    return MARKER + (this.user?.name ?? "");
  }
}
